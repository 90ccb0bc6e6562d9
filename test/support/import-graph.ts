import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The layering docs/ARCHITECTURE.md states, read from the code with the TypeScript compiler's
 * parser: every import, export-from and dynamic `import()` of every source file, type-only ones
 * included (they are kept, so a circle of types is a circle too).
 */

export interface ImportEdge {
  from: string;
  /** Repository-relative path of the imported file, or the bare specifier of a package. */
  to: string;
  /** `import type { … }` (or every name `type`): erased at run time, still a dependency. */
  typeOnly: boolean;
  local: boolean;
}

const SOURCE = /\.(ts|tsx)$/;
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'test-artifacts', '.git', '.vite']);

/** Every .ts/.tsx file under `folders` of `root`, repository-relative with `/`. */
export function sourceFiles(root: string, folders: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const name of readdirSync(join(root, folder)).sort()) {
      if (SKIPPED_FOLDERS.has(name)) continue;
      const path = posix.join(folder, name);
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) found.push(path);
    }
  };
  for (const folder of folders) if (existsSync(join(root, folder))) walk(folder);
  return found;
}

/** Every folder under `folders` that holds a source file, directly or below, each ending in `/`. */
export function sourceFolders(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    let folder = posix.dirname(file);
    while (folder !== '.') {
      folders.add(`${folder}/`);
      folder = posix.dirname(folder);
    }
  }
  return [...folders].sort();
}

function resolveLocal(root: string, from: string, specifier: string): string {
  const target = resolve(root, dirname(from), specifier);
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, join(target, 'index.ts')])
    if (existsSync(candidate) && statSync(candidate).isFile())
      return relative(root, candidate).split('\\').join('/');
  return relative(root, target).split('\\').join('/');
}

/** The imports of one file's text (`file` is repository-relative; `root` resolves relative specifiers). */
export function importsOf(root: string, file: string, text: string): ImportEdge[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    false,
    file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const edges: ImportEdge[] = [];
  const add = (specifier: string, typeOnly: boolean) => {
    const local = specifier.startsWith('.');
    edges.push({ from: file, to: local ? resolveLocal(root, file, specifier) : specifier, typeOnly, local });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings;
      const everyNameType =
        clause !== undefined &&
        clause.name === undefined &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.length > 0 &&
        named.elements.every((element) => element.isTypeOnly);
      add(node.moduleSpecifier.text, clause?.isTypeOnly === true || everyNameType);
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      add(node.moduleSpecifier.text, node.isTypeOnly);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] !== undefined &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false);
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      add(node.argument.literal.text, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

/** The import graph of every source file under `folders`. */
export function importGraph(root: string, folders: readonly string[]): ImportEdge[] {
  return sourceFiles(root, folders).flatMap((file) =>
    importsOf(root, file, readFileSync(join(root, file), 'utf8')),
  );
}

/** Every circle of local imports (type-only ones included), each once, as the files around it. */
export function importCycles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const edge of edges) if (edge.local) next.set(edge.from, [...(next.get(edge.from) ?? []), edge.to]);
  return stronglyConnected(next).filter(
    (component) => component.length > 1 || (next.get(component[0] ?? '') ?? []).includes(component[0] ?? ''),
  );
}

/** Tarjan's strongly connected components, iteratively (no recursion depth limit on long chains). */
export function stronglyConnected(next: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;
  for (const start of [...next.keys()].sort()) {
    if (index.has(start)) continue;
    const work: Array<{ node: string; children: readonly string[]; at: number }> = [];
    const open = (node: string) => {
      index.set(node, counter);
      low.set(node, counter);
      counter += 1;
      stack.push(node);
      onStack.add(node);
      work.push({ node, children: next.get(node) ?? [], at: 0 });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      if (frame === undefined) break;
      const child = frame.children[frame.at];
      if (child !== undefined) {
        frame.at += 1;
        if (!index.has(child)) open(child);
        else if (onStack.has(child))
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(child) ?? 0));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent !== undefined)
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      if (low.get(frame.node) === index.get(frame.node)) {
        const component: string[] = [];
        for (;;) {
          const member = stack.pop();
          if (member === undefined) break;
          onStack.delete(member);
          component.push(member);
          if (member === frame.node) break;
        }
        components.push(component.sort());
      }
    }
  }
  return components;
}

const SERVICES = 'server/services/';
/** Where the routes and the CLI commands live: callers of a module's index.ts only. */
const CALLERS = [/^server\/routes\//, /^scripts\/commands\//];
/** What shared/ may not import: input and output, servers, the database, the terminal. */
const IO_PACKAGES = [
  /^node:/,
  /^(fs|net|http|https|child_process|worker_threads|path|os)$/,
  /^better-sqlite3$/,
  /^express$/,
  /^pino(-http)?$/,
  /^openai$/,
  /^cookie-parser$/,
  /^helmet$/,
  /^@node-rs\//,
  /^cli-progress$/,
  /^commander$/,
  /^react(-dom)?(\/|$)/,
];

/** The service module a file belongs to (`server/services/<module>/…`), or null. */
export function serviceModule(file: string): string | null {
  if (!file.startsWith(SERVICES)) return null;
  const rest = file.slice(SERVICES.length).split('/');
  return rest.length > 1 ? (rest[0] ?? null) : null;
}

/**
 * Every import that breaks the layering: routes and commands → a module's index.ts → store (a route
 * or command may name a store type, never call the store); services do not call presenters (what a
 * viewer may see belongs to the route's answer); shared/ imports no I/O and nothing of server/,
 * client/ or scripts/; no file sits in server/services/ outside a module; no circle of imports,
 * between files or between modules.
 */
export function layeringProblems(files: readonly string[], edges: readonly ImportEdge[]): string[] {
  const problems: string[] = [];
  for (const file of files)
    if (file.startsWith(SERVICES) && serviceModule(file) === null)
      problems.push(`${file}: a flat file in server/services/ (put it in a module folder)`);
  for (const edge of edges) {
    const isTest = /\.test\.tsx?$/.test(edge.from);
    if (CALLERS.some((caller) => caller.test(edge.from)) && !isTest && edge.local) {
      const module = serviceModule(edge.to);
      if (edge.to.startsWith(SERVICES) && edge.to !== `${SERVICES}${module}/index.ts`)
        problems.push(`${edge.from} → ${edge.to}: a route or command calls a module's index.ts only`);
      if (edge.to.startsWith('server/store/') && !edge.typeOnly)
        problems.push(`${edge.from} → ${edge.to}: a route or command reaches the store past a module`);
    }
    if (edge.from.startsWith(SERVICES) && edge.to.startsWith('server/presenters/'))
      problems.push(`${edge.from} → ${edge.to}: a service calls a presenter (the route presents its answer)`);
    if (edge.from.startsWith('shared/') && !isTest) {
      if (edge.local && /^(server|client|scripts|test|bench)\//.test(edge.to))
        problems.push(`${edge.from} → ${edge.to}: shared/ imports nothing of server/, client/ or scripts/`);
      if (!edge.local && IO_PACKAGES.some((pattern) => pattern.test(edge.to)))
        problems.push(`${edge.from} → ${edge.to}: shared/ does no input or output`);
    }
  }
  for (const cycle of importCycles(edges)) problems.push(`an import circle: ${cycle.join(' ↔ ')}`);
  const moduleNext = new Map<string, string[]>();
  for (const edge of edges) {
    const from = serviceModule(edge.from);
    const to = serviceModule(edge.to);
    if (from !== null && to !== null && from !== to && !/\.test\.tsx?$/.test(edge.from))
      moduleNext.set(from, [...new Set([...(moduleNext.get(from) ?? []), to])]);
  }
  for (const component of stronglyConnected(moduleNext))
    if (component.length > 1) problems.push(`a circle of service modules: ${component.join(' ↔ ')}`);
  return problems;
}

/**
 * What of the tree the map (docs/ARCHITECTURE.md) does not name: every source folder by its full
 * path, and every file directly in a service module's folder (or sub-folder) by its name, within that
 * folder's entry (from the line that starts with the folder's path to the next entry).
 */
export function mapProblems(files: readonly string[], map: string): string[] {
  const problems: string[] = [];
  const lines = map.split('\n');
  const entryOf = (folder: string): string | null => {
    const start = lines.findIndex(
      (line) => line.startsWith(folder) && /^\S+\s/.test(`${line} `) && line.split(/\s/)[0] === folder,
    );
    if (start < 0) return null;
    const end = lines.findIndex((line, at) => at > start && /^\S/.test(line));
    return lines.slice(start, end < 0 ? undefined : end).join('\n');
  };
  for (const folder of sourceFolders(files))
    if (!map.includes(folder)) problems.push(`${folder}: a folder the map does not name`);
  const moduleFolders = new Set(
    files.filter((file) => serviceModule(file) !== null).map((file) => `${posix.dirname(file)}/`),
  );
  for (const folder of [...moduleFolders].sort()) {
    const entry = entryOf(folder);
    if (entry === null) {
      problems.push(`${folder}: a service module without its own entry in the map`);
      continue;
    }
    for (const file of files)
      if (`${posix.dirname(file)}/` === folder && !/\.test\.tsx?$/.test(file)) {
        const name = posix.basename(file);
        if (!new RegExp(`(^|[^\\w.-])${name.replace(/[.]/g, '\\.')}`).test(entry))
          problems.push(`${file}: a file of a module its map entry does not name`);
      }
  }
  return problems;
}
