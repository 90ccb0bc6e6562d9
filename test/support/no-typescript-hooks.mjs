// Module hooks that fail every load of TypeScript: a module whose file ends in .ts/.tsx/.mts/.cts, or
// anything of the tsx package (its loader, its register API). Registered by no-typescript.mjs.
export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const path = resolved.url.startsWith('file:') ? new URL(resolved.url).pathname : '';
  if (/\.[cm]?tsx?$/.test(path) || path.includes('/node_modules/tsx/'))
    throw new Error(`a TypeScript module or loader was loaded: ${resolved.url}`);
  return resolved;
}
