import { readFileSync } from 'node:fs';
import type { Express } from 'express';
import type { Db } from '../../server/store/db.ts';
import { tableNames } from './tables.ts';

/** A route as `METHOD /api/path/:param`. */
export type RouteName = string;

export interface DocumentedRoute {
  name: RouteName;
  method: string;
  path: string;
  /** The role column where the table has one ("—" for none, or the word the table uses for every account), else the section's. */
  role: string | undefined;
}

const DOC = new URL('../../docs/API.md', import.meta.url);
const ROUTE_CELL =
  /^\|\s*`(GET|POST|PUT|PATCH|DELETE) (\/api\/[^`\s[]*)(?:\[[^\]]*\])?`\s*\|(?:\s*([^|]*?)\s*\|)?/;

/**
 * Every route of docs/API.md's tables: a row whose first cell is `METHOD /api/…` (an optional query
 * in brackets, `[?names=1]`, is dropped). A new documented route therefore joins every test built on
 * this list without an edit.
 */
export function documentedRoutes(): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  for (const line of readFileSync(DOC, 'utf8').split('\n')) {
    const match = ROUTE_CELL.exec(line);
    if (!match) continue;
    const [, method = '', path = '', second] = match;
    routes.push({ name: `${method} ${path}`, method, path, role: second });
  }
  return routes;
}

interface LayerLike {
  route?: { path: unknown; methods: Record<string, unknown> };
  rawPath?: unknown;
  handle?: { stack?: unknown };
}

function isLayer(value: unknown): value is LayerLike {
  return typeof value === 'object' && value !== null;
}

/**
 * Every route mounted in the app, read from Express 5's router stack (router 2.x keeps a layer's
 * mount path in `rawPath`), as `METHOD /api/path/:param` without a trailing slash. Pages of the
 * client (`/{*path}`) are left out.
 */
export function mountedRoutes(app: Express): RouteName[] {
  const names: RouteName[] = [];
  const walk = (stack: unknown, prefix: string): void => {
    if (!Array.isArray(stack)) return;
    for (const layer of stack) {
      if (!isLayer(layer)) continue;
      if (layer.route && typeof layer.route.path === 'string') {
        const path = `${prefix}${layer.route.path}`.replace(/(.)\/$/, '$1');
        for (const method of Object.keys(layer.route.methods)) names.push(`${method.toUpperCase()} ${path}`);
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
        walk(layer.handle.stack, `${prefix}${mount}`);
      }
    }
  };
  walk(app.router.stack, '');
  return names.filter((name) => name.includes(' /api/'));
}

/** Rows of every table, by table: what a refused request must leave as it was. */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  return Object.fromEntries(
    await Promise.all(
      (await tableNames(db)).map(async (name) => [
        name,
        (await db.first<{ n: number }>(`SELECT count(*) AS n FROM "${name}"`))?.n ?? 0,
      ]),
    ),
  );
}
