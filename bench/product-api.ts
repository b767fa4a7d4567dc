import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAccessTokenSigner, generateSigningJwk } from '@hostel/platform/tokens';
import { startServerProcess } from './server-process';

/**
 * The whole product (product-server.ts) in a process of its own on `databaseUrl`, with a signing key
 * the benchmark holds too: `sign` mints tokens the server takes (an admin's among them: ADMIN_EMAILS
 * makes an admin only once its owner follows the mailed verification link, which a benchmark has no
 * mailbox for).
 */
export async function startSignedProduct(databaseUrl: string, env: Record<string, string> = {}) {
  const signing = await generateSigningJwk();
  const server = await startServerProcess(join(fileURLToPath(new URL('.', import.meta.url)), 'product-server.ts'), [databaseUrl], {
    env: { ...process.env, ...env, JWT_PRIVATE_JWK: JSON.stringify(signing) },
  });
  return { server, base: `http://127.0.0.1:${server.port}`, sign: await createAccessTokenSigner(signing) };
}

/** An answer other than 2xx: its status and what the product said (its JSON `message`, else the body's start). */
export class ApiError extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly said: string,
  ) {
    super(`${method} ${path}: ${status} ${said}`);
    this.name = 'ApiError';
  }
}

const saidIn = (body: string) => {
  try {
    const message = (JSON.parse(body) as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  } catch {
    // not JSON: the body as it is
  }
  return body.trim().slice(0, 200);
};

/**
 * The product's HTTP API as the benchmarks drive it: JSON calls that throw on any answer but 2xx (a
 * benchmark measures what works), a member registered, and the one image every meal can share.
 */
export function productApi(base: string) {
  const call = async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}) => {
    const response = await fetch(base + path, {
      method,
      headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    if (!response.ok) throw new ApiError(method, path, response.status, saidIn(await response.text()));
    return (await response.json()) as Record<string, unknown>;
  };
  return {
    call,
    /** Registers `email` (its name before the @) and answers the access token. */
    register: async (email: string, name = email.split('@')[0]) =>
      (await call('POST', '/api/auth/register', undefined, { name, email, password: 'bench-pass-1' })).token as string,
    /** Uploads a 1×1 PNG (the media endpoint re-encodes whatever it accepts) and answers its URL. */
    async uploadImage(adminToken: string) {
      const form = new FormData();
      const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z/C/HgAGgwJ/lK3Q6wAAAABJRU5ErkJggg==', 'base64');
      form.append('file', new Blob([png], { type: 'image/png' }), 'meal.png');
      const response = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
      return ((await response.json()) as { url: string }).url;
    },
  };
}
