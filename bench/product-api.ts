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
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
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
