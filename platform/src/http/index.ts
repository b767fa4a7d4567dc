/** HTTP plumbing shared by the services: zod validation, errors mapped once, access control. */
import type { FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

export * from './access';
export * from './errors';
export * from './server';

/** Zod schemas validate requests and serialise answers. */
export function useZod(app: FastifyInstance): void {
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
}
