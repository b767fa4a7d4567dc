import { parseAst, type Plugin } from 'vite';

/** The shared contracts' modules (the web imports them from source). */
const CONTRACTS = /[\\/]contracts[\\/]src[\\/][^\\/]+\.ts$/;

interface Node {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && typeof (value as Node).type === 'string';

/** Where each expression starting at zod's `z` begins (`z.object(…)`, `z.string().min(…)`; not `z.infer<…>`, a type). */
function zodChains(node: unknown, found: Set<number>): Set<number> {
  if (Array.isArray(node)) for (const child of node) zodChains(child, found);
  else if (isNode(node)) {
    const object = node.object;
    if (node.type === 'MemberExpression' && isNode(object) && object.type === 'Identifier' && object.name === 'z') found.add(object.start);
    for (const [key, value] of Object.entries(node)) if (key !== 'type' && typeof value === 'object') zodChains(value, found);
  }
  return found;
}

/**
 * Marks every zod call chain in the contracts `/* @__PURE__ *\/`, so a schema that nothing on a page
 * uses (a module of schemas is used a few at a time) is left out of its chunk: building a schema has
 * no effect beyond the schema itself. In the contracts only: the tree-shaker's `manualPureFunctions`
 * goes by name everywhere, and a `z` in a minified library (Preact's diff is one) is not zod's.
 */
export function pureSchemas(): Plugin {
  return {
    name: 'hostel:pure-schemas',
    apply: 'build',
    transform: {
      filter: { id: CONTRACTS },
      handler(code) {
        const starts = [...zodChains(parseAst(code, { lang: 'ts' }), new Set())].sort((a, b) => b - a);
        let marked = code;
        for (const start of starts) marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
        return { code: marked, map: null };
      },
    },
  };
}
