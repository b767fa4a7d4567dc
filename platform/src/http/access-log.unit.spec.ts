import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createHttpServer, withoutGrants } from './server';

describe('the access log', () => {
  it("writes a request's URL without the values of parameters that grant something (an export link, an OAuth code)", async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(chunk.toString()), done()) }));
    const { app } = await createHttpServer({ logger, verifyAccessToken: async () => undefined, appOrigins: [] });
    app.get('/api/audit/download', { config: { access: 'public' } }, async () => ({ ok: true }));
    await app.ready();

    await app.inject({ url: '/api/audit/download?format=csv&link=eyJzdWIiOiJhIn0.c2lnbmF0dXJl&type=MealLiked', remoteAddress: '10.0.0.9' });

    const incoming = lines
      .map((line) => JSON.parse(line) as { msg: string; req?: { url: string; method: string; remoteAddress: string } })
      .find((line) => line.msg === 'incoming request');
    expect(incoming?.req).toMatchObject({ method: 'GET', url: '/api/audit/download?format=csv&link=[redacted]&type=MealLiked', remoteAddress: '10.0.0.9' });
    expect(lines.join('')).not.toContain('c2lnbmF0dXJl');
  });

  it('keeps every other parameter, and the names of the redacted ones', () => {
    expect(withoutGrants('/api/oidc/callback?state=abc&code=xyz#frag')).toBe('/api/oidc/callback?state=[redacted]&code=[redacted]#frag');
    expect(withoutGrants('/api/audit/events?actor=a%40b.c&type=MealLiked&encode=1')).toBe('/api/audit/events?actor=a%40b.c&type=MealLiked&encode=1');
    expect(withoutGrants('/api/meals')).toBe('/api/meals');
    expect(withoutGrants('/api/audit/download?%6Cink=abc&LINK=def&x=%zz')).toBe('/api/audit/download?%6Cink=[redacted]&LINK=[redacted]&x=%zz');
  });
});
