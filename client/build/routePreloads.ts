import { readFileSync } from 'node:fs';
import { parseSync, type ESTree, type Plugin, type Rolldown } from 'vite';
import { rankRoutes } from '../src/router/matchRoute';
import { signedOutMayView } from '../src/shell/access';

/**
 * Where the build writes the table the server reads (server/src/http/route-preloads.ts). Under
 * `.vite/`, beside Vite's own manifest: the server's static files skip dot folders.
 */
export const ROUTE_PRELOADS_FILE = '.vite/route-preloads.json';

/** A route of the shell's table as written: its pattern and the module its page loads. */
export interface RouteModule {
  path: string;
  /** The specifier as written in `import('…')`, e.g. `@features/home/HomePage`. */
  module: string;
}

/** One route of the server's table, in the order the client's router tries them. */
export interface RoutePreload {
  path: string;
  /** The router's own expression for the pattern (client/src/router/matchRoute.ts) and its flags. */
  pattern: string;
  flags: string;
  /** Whether a signed-out visitor sees this page (shell/access.ts), rather than being sent to sign up. */
  signedOut: boolean;
  /** The page's chunk and the chunks it imports, not counting the shell's (index.html loads those). */
  scripts: string[];
  styles: string[];
}

export interface RoutePreloadTable {
  routes: RoutePreload[];
}

function propertyNamed(object: ESTree.ObjectExpression, name: string): ESTree.Expression | null {
  for (const property of object.properties) {
    if (property.type === 'Property' && property.key.type === 'Identifier' && property.key.name === name) return property.value as ESTree.Expression;
  }
  return null;
}

function stringLiteral(node: ESTree.Expression | null): string | null {
  return node?.type === 'Literal' && typeof node.value === 'string' ? node.value : null;
}

/** `() => import('literal')`: the module's specifier, else null. */
function importedModule(node: ESTree.Expression | null): string | null {
  if (node?.type !== 'ArrowFunctionExpression' || !node.expression) return null;
  const body = node.body as ESTree.Expression;
  return body.type === 'ImportExpression' ? stringLiteral(body.source) : null;
}

/**
 * Every route of `routeTable` in the source of `shell/routes.tsx`: each entry must read
 * `{ path: '…', …, page: () => import('…') }` with literals, so the server's table is derived from
 * the one route table. Anything else throws, naming the entry: the build stops rather than leave
 * a route without its preloads.
 */
export function routeModulesOf(source: string, filename = 'routes.tsx'): RouteModule[] {
  const { program, errors } = parseSync(filename, source);
  if (errors.length > 0) throw new Error(`${filename} does not parse: ${errors[0]?.message}`);
  for (const statement of program.body) {
    const declaration = statement.type === 'ExportNamedDeclaration' ? statement.declaration : statement;
    if (declaration?.type !== 'VariableDeclaration') continue;
    for (const declarator of declaration.declarations) {
      if (declarator.id.type !== 'Identifier' || declarator.id.name !== 'routeTable') continue;
      if (declarator.init?.type !== 'ArrayExpression') throw new Error(`${filename}: routeTable must be an array literal`);
      return declarator.init.elements.map((element, index) => {
        const entry = element?.type === 'ObjectExpression' ? element : null;
        const path = entry && stringLiteral(propertyNamed(entry, 'path'));
        const module = entry && importedModule(propertyNamed(entry, 'page'));
        if (!path || !module) throw new Error(`${filename}: routeTable entry ${index} needs a literal path and page: () => import('…') (the server's preload table is read from them)`);
        return { path, module };
      });
    }
  }
  throw new Error(`${filename} has no routeTable`);
}

const isChunk = (output: Rolldown.OutputAsset | Rolldown.OutputChunk): output is Rolldown.OutputChunk => output.type === 'chunk';

/** A chunk and every chunk it imports statically, the chunk itself first. */
function staticClosure(start: Rolldown.OutputChunk, byFile: ReadonlyMap<string, Rolldown.OutputChunk>): Rolldown.OutputChunk[] {
  const seen = new Map<string, Rolldown.OutputChunk>([[start.fileName, start]]);
  const queue = [start];
  for (let chunk = queue.shift(); chunk; chunk = queue.shift()) {
    for (const file of chunk.imports) {
      const imported = byFile.get(file);
      if (imported && !seen.has(file)) {
        seen.set(file, imported);
        queue.push(imported);
      }
    }
  }
  return [...seen.values()];
}

const cssOf = (chunks: readonly Rolldown.OutputChunk[]) => chunks.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])]);

/**
 * Writes, for every route, the chunks its page needs beyond the shell, so the server can name them
 * in the page it sends (`<link rel="modulepreload">`): they download beside the shell instead of
 * after it has run (issue 15's LCP). `routesFile` is the shell's route table.
 */
export function routePreloads(routesFile: string): Plugin {
  let routes: Array<RouteModule & { id: string }> = [];
  let base = '/';
  return {
    name: 'byline:route-preloads',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    async buildStart() {
      this.addWatchFile(routesFile);
      routes = await Promise.all(
        routeModulesOf(readFileSync(routesFile, 'utf8'), routesFile).map(async (route) => {
          const resolved = await this.resolve(route.module, routesFile);
          if (!resolved) this.error(`${route.path}: its page ${route.module} does not resolve`);
          return { ...route, id: resolved.id };
        }),
      );
    },
    // After Vite's own: it drops the chunks that only held CSS, moving their CSS to their importers.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter(isChunk);
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) this.error('no entry chunk');
        const shell = staticClosure(entry, byFile);
        const shellFiles = new Set([...shell.map((chunk) => chunk.fileName), ...cssOf(shell)]);
        const notShell = (file: string) => !shellFiles.has(file);

        const table: RoutePreloadTable = {
          routes: rankRoutes(routes).map(({ route, regex }) => {
            const page = chunks.find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId === route.id);
            if (!page) this.error(`${route.path}: no chunk of its own for its page ${route.module}`);
            const closure = staticClosure(page, byFile);
            return {
              path: route.path,
              pattern: regex.source,
              flags: regex.flags,
              signedOut: signedOutMayView({ pattern: route.path, pathname: route.path }),
              scripts: closure.map((chunk) => chunk.fileName).filter(notShell).map((file) => base + file),
              styles: [...new Set(cssOf(closure))].filter(notShell).map((file) => base + file),
            };
          }),
        };
        this.emitFile({ type: 'asset', fileName: ROUTE_PRELOADS_FILE, source: `${JSON.stringify(table, null, 2)}\n` });
      },
    },
  };
}
