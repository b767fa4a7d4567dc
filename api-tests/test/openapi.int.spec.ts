import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProduct } from '@hostel/embedded/testing';

/**
 * The OpenAPI document at /docs/json is generated from the routes' zod schemas: every route must
 * declare what it answers, so a client (ours or anyone's) can read every answer's shape there.
 */
let product: Awaited<ReturnType<typeof startProduct>>;
beforeAll(async () => {
  product = await startProduct();
});
afterAll(async () => product?.stop());

type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }>; description?: string }> };

describe('the OpenAPI document', () => {
  it('gives every route a response schema for its success answers', async () => {
    const document = (await product.call('GET', '/docs/json')).json() as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    let operations = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        operations += 1;
        const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^[23]\d\d$/.test(status));
        const described = success.some(
          ([status, response]) => status === '204' || Object.values(response.content ?? {}).some((content) => content.schema !== undefined),
        );
        if (!described) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    // Every route the server registered is in the document (swagger-ui's own pages aside).
    const documented = new Set(
      Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`),
      ),
    );
    const undocumented = product.services.routes.map((route) => `${route.method} ${route.url}`).filter((route) => !documented.has(route));
    expect(undocumented).toEqual([]);
    expect(missing).toEqual([]);
    expect(operations).toBeGreaterThan(40);
  });
});
