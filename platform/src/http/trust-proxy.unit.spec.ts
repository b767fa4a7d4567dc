import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import { createHttpServer } from './server';

/** A server that answers who it takes the client to be, configured from TRUST_PROXY like the services. */
async function serverTrusting(trustProxy: string | undefined) {
  const { app } = await createHttpServer({
    logger: pino({ level: 'silent' }),
    verifyAccessToken: async () => undefined,
    appOrigins: [],
    trustProxy: readConfig(trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy }).TRUST_PROXY,
  });
  app.get('/who', { config: { access: 'public' } }, async (request) => ({ ip: request.ip, protocol: request.protocol }));
  await app.ready();
  return app;
}

// The gateway (10.0.0.2) appends the address it saw to whatever X-Forwarded-For the client sent.
const throughGateway = { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '6.6.6.6, 203.0.113.7', 'x-forwarded-proto': 'https' } };

describe('TRUST_PROXY', () => {
  it('unset: the peer is the client, and nothing a client sends changes that', async () => {
    const app = await serverTrusting(undefined);
    expect((await app.inject({ url: '/who', ...throughGateway })).json()).toEqual({ ip: '10.0.0.2', protocol: 'http' });
  });

  it('a hop count: the address and scheme the gateway saw, never one the client wrote before it', async () => {
    const app = await serverTrusting('1');
    expect((await app.inject({ url: '/who', ...throughGateway })).json()).toEqual({ ip: '203.0.113.7', protocol: 'https' });
  });

  it("the gateway's address: the same, and a peer that is not the gateway is not believed", async () => {
    const app = await serverTrusting('10.0.0.0/8, 192.168.1.1');
    expect((await app.inject({ url: '/who', ...throughGateway })).json()).toEqual({ ip: '203.0.113.7', protocol: 'https' });
    expect((await app.inject({ url: '/who', ...throughGateway, remoteAddress: '198.51.100.9' })).json()).toEqual({ ip: '198.51.100.9', protocol: 'http' });
  });

  it('refuses "true" and other values that would let any client choose its address, naming the variable', () => {
    for (const value of ['true', '*', 'all', 'gateway']) expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
