import { describe, expect, it } from 'vitest';
import { decideImage } from './image-reference';

const ID = '0b0e4c1e-2a3f-4d5e-8f90-123456789abc';
const none = { publicOrigins: ['https://meals.example.edu'], hosts: [] };
const listed = { publicOrigins: ['https://meals.example.edu'], hosts: ['res.cloudinary.com', 'i.ibb.co'] };

describe('which image URLs a meal may have', () => {
  it('takes our own uploads, relative or as we answer them (absolute, from the public origin)', () => {
    expect(decideImage(`/api/media/${ID}`, none)).toEqual({ upload: `/api/media/${ID}` });
    expect(decideImage(`https://meals.example.edu/api/media/${ID}`, none)).toEqual({ upload: `/api/media/${ID}` });
    expect(decideImage(`https://elsewhere.example/api/media/${ID}`, none)).toEqual({
      refused: 'Images from elsewhere.example are not accepted: please upload the image here',
    });
  });

  it('by default (IMAGE_URL_HOSTS empty) refuses every other address', () => {
    expect(decideImage('https://res.cloudinary.com/demo/image/upload/dal.jpg', none)).toEqual({
      refused: 'Images from res.cloudinary.com are not accepted: please upload the image here',
    });
  });

  it('takes https URLs of the listed hosts as sent, and says which hosts it takes otherwise', () => {
    expect(decideImage('https://res.cloudinary.com/demo/image/upload/dal.jpg', listed)).toEqual({
      external: 'https://res.cloudinary.com/demo/image/upload/dal.jpg',
    });
    expect(decideImage('https://i.ibb.co/abc/dal.png', listed)).toEqual({ external: 'https://i.ibb.co/abc/dal.png' });
    expect(decideImage('https://evil.example/dal.jpg', listed)).toEqual({
      refused: 'Images from evil.example are not accepted: upload the image here, or use an https address on res.cloudinary.com, i.ibb.co',
    });
    // A listed host's name inside another host's is another host.
    expect(decideImage('https://res.cloudinary.com.evil.example/dal.jpg', listed)).toMatchObject({ refused: expect.stringContaining('not accepted') });
  });

  it('refuses a listed host over plain http, on another port, or with credentials in the URL', () => {
    for (const url of ['http://res.cloudinary.com/dal.jpg', 'https://res.cloudinary.com:8443/dal.jpg', 'https://user:pw@res.cloudinary.com/dal.jpg'])
      expect(decideImage(url, listed), url).toMatchObject({ refused: expect.stringContaining('accepted only as plain https addresses') });
  });
});
