import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';
import { tokenOf } from '@hostel/embedded/testing/mailbox';

let product: Awaited<ReturnType<typeof startProduct>>;
let token: string;
beforeAll(async () => {
  product = await startProduct();
  token = (await product.registerVerified('Uploader', 'uploader@example.com')).token;
});
afterAll(async () => product?.stop());

function multipart(filename: string, contentType: string, bytes: Buffer) {
  const boundary = `----test${crypto.randomUUID()}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('POST /api/uploads', () => {
  it('re-encodes an image without its metadata and serves it with long-lived caching', async () => {
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c0392b' } })
      .jpeg()
      .withExif({ IFD0: { Artist: 'Secret Person', ImageDescription: 'home address' } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();

    const upload = await product.call('POST', '/api/uploads', { token, ...multipart('me.jpg', 'image/jpeg', photo) });
    expect(upload.statusCode, upload.body).toBe(201);
    const { url } = upload.json();
    expect(url).toMatch(/^\/api\/media\/[0-9a-f-]{36}$/);

    const served = await product.call('GET', url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 64, height: 48 });
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Secret Person'))).toBe(false);
  });

  it('judges the content, not the name: a text file called .png is refused with 400', async () => {
    const response = await product.call('POST', '/api/uploads', { token, ...multipart('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>')) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/not an image/);
  });

  it('refuses files over 5 MB with 413', async () => {
    const response = await product.call('POST', '/api/uploads', { token, ...multipart('big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1)) });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toBe('The file is too large: images may be at most 5 MB');
  });

  it('needs a signed-in user and a multipart body', async () => {
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    expect((await product.call('POST', '/api/uploads', multipart('a.png', 'image/png', photo))).statusCode).toBe(401);
    const notMultipart = await product.call('POST', '/api/uploads', { token, body: { file: 'x' } });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('takes an AVIF, as its message says, and stores it as WebP', async () => {
    const avif = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#16a085' } })
      .avif()
      .toBuffer();
    const upload = await product.call('POST', '/api/uploads', { token, ...multipart('dish.avif', 'image/avif', avif) });
    expect(upload.statusCode, upload.body).toBe(201);
    const served = await product.call('GET', upload.json().url);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 40, height: 30 });
  });

  it('refuses an image of more than 25 megapixels with 400 saying so, however small its file', async () => {
    // 7000 × 7000 of one colour: 49 megapixels in a PNG of a few hundred kilobytes.
    const huge = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(huge.length).toBeLessThan(5 * 1024 * 1024);
    const response = await product.call('POST', '/api/uploads', { token, ...multipart('poster.png', 'image/png', huge) });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('The image is too large: at most 25 megapixels, and this one has 49.0. Please resize it and try again.');
    const justUnder = await sharp({ create: { width: 5000, height: 5000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect((await product.call('POST', '/api/uploads', { token, ...multipart('poster.png', 'image/png', justUnder) })).statusCode).toBe(201);
  });

  it('takes uploads only from accounts whose owner proved the address (or admins): 403 saying how, nothing stored', async () => {
    const fresh = await product.register('Fresh', 'fresh@example.com');
    const photo = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const refused = await product.call('POST', '/api/uploads', { token: fresh.token, ...multipart('me.png', 'image/png', photo) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Please verify your email address before uploading images: open the link we mailed you when you registered.');
    const stored = await product.services.commandDb.selectFrom('media').select('id').where('uploaded_by', '=', fresh.user._id).execute();
    expect(stored).toEqual([]);
    // Once the link is followed, the same account uploads.
    await product.call('POST', '/api/auth/verify-email', { body: { token: tokenOf(await product.mailbox.take('fresh@example.com', '/verify-email')) } });
    const taken = await product.call('POST', '/api/uploads', { token: fresh.token, ...multipart('me.png', 'image/png', photo) });
    expect(taken.statusCode, taken.body).toBe(201);
  });
});
