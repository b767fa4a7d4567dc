import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { readConfig } from '../config';
import type { IncomingMessage } from 'node:http';
import { clientAddressOf, createHttpServer } from './server';

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

  it('"false" and "0": no proxy, as unset', async () => {
    for (const value of ['false', '0', 'FALSE ']) {
      expect(readConfig({ TRUST_PROXY: value }).TRUST_PROXY).toBeUndefined();
      const app = await serverTrusting(value);
      expect((await app.inject({ url: '/who', ...throughGateway })).json()).toEqual({ ip: '10.0.0.2', protocol: 'http' });
    }
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

  it('takes addresses and ranges of both families, with a prefix or an IPv4 netmask, as the server takes them', async () => {
    const value = '10.0.0.0/255.0.0.0, 192.168.1.1, 172.16.0.0/12, fd00::/8, ::1, ::ffff:10.0.0.3/128';
    expect(readConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(value.split(', '));
    const app = await serverTrusting(value);
    expect((await app.inject({ url: '/who', ...throughGateway })).json()).toEqual({ ip: '203.0.113.7', protocol: 'https' });
  });

  it("answers the same client address for a request the server does not route (the live server's handshake)", async () => {
    for (const value of [undefined, '1', '2', '10.0.0.0/8, 192.168.1.1', '192.168.1.1'])
      for (const peer of ['10.0.0.2', '198.51.100.9']) {
        const app = await serverTrusting(value);
        const request = { ...throughGateway, remoteAddress: peer };
        const { ip } = (await app.inject({ url: '/who', ...request })).json() as { ip: string };
        const raw = { socket: { remoteAddress: peer }, connection: { remoteAddress: peer }, headers: request.headers } as unknown as IncomingMessage;
        expect([value, peer, clientAddressOf(readConfig(value === undefined ? {} : { TRUST_PROXY: value }).TRUST_PROXY)(raw)]).toEqual([value, peer, ip]);
      }
  });

  it('refuses "true" and other values that would let any client choose its address, naming the variable', () => {
    for (const value of ['true', '*', 'all', 'gateway']) expect(() => readConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});
