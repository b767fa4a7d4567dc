/**
 * The contracts' schemas that the first screens check answers with, in a chunk of their own with zod:
 * a page paints before they load (they load beside its first API call), so zod stays off the first paint.
 */
export const loadSchemas = () => import('./schema-set');
