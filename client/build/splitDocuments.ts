import type { Plugin } from 'vite';

/** The generated file holding every operation's document (`npm run codegen`). */
const GENERATED = /[\\/]client[\\/]src[\\/]gql[\\/]graphql\.ts$/;
/** One generated document per line: `export const FooDocument = {…} as unknown as DocumentNode<Foo, FooVariables>;` */
const DOCUMENT_LINE = /^export const (\w+Document) = (\{.*\}) as unknown as DocumentNode<[\w, ]+>;$/gm;
const VIRTUAL_PREFIX = 'virtual:byline-document/';
const RESOLVED_PREFIX = '\0byline-document:';

/**
 * Gives each generated GraphQL document a module of its own at build time. `gql/graphql.ts` is one
 * module, so a bundler keeps it whole: every document any page uses landed in the chunk the shell
 * loads first. Re-exported from one module each (side-effect free), a document goes with the
 * chunk of the page that uses it. The generated file itself stays as codegen wrote it.
 */
export function splitDocuments(): Plugin {
  const documents = new Map<string, string>();
  return {
    name: 'byline:split-documents',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!GENERATED.test(id)) return null;
      let count = 0;
      const rewritten = code.replace(DOCUMENT_LINE, (_line, name: string, json: string) => {
        documents.set(name, json);
        count++;
        return `export { ${name} } from '${VIRTUAL_PREFIX}${name}';`;
      });
      if (count === 0) this.warn('no generated documents found in gql/graphql.ts: its format changed, so documents are not split');
      return { code: rewritten, map: null };
    },
    resolveId(source) {
      return source.startsWith(VIRTUAL_PREFIX) ? RESOLVED_PREFIX + source.slice(VIRTUAL_PREFIX.length) : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const name = id.slice(RESOLVED_PREFIX.length);
      const json = documents.get(name);
      if (json === undefined) throw new Error(`no generated document ${name}`);
      return { code: `export const ${name} = ${json};\n`, moduleSideEffects: false };
    },
  };
}
