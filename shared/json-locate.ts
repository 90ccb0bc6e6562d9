/**
 * The 1-based line on which each element of a JSON array starts, for the array that is the document
 * itself (`key` omitted) or the value of a top-level object key. A small scanner that skips strings,
 * so error messages about `values[3]` can name the line a reader should open. Returns [] when the
 * array is not found; assumes the text already parsed as JSON.
 */
export function locateArrayElements(text: string, key?: string): number[] {
  let line = 1;
  let depth = 0;
  let arrayDepth = key === undefined ? 1 : -1;
  let expectingElement = false;
  let lastString = '';
  const starts: number[] = [];
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char === '\n') {
      line += 1;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r') continue;
    if (expectingElement && depth === arrayDepth && char !== ']') {
      starts.push(line);
      expectingElement = false;
    }
    if (char === '"') {
      let end = index + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      lastString = text.slice(index + 1, end);
      index = end;
      continue;
    }
    if (char === '[' || char === '{') {
      depth += 1;
      if (char === '[' && arrayDepth === -1 && depth === 2 && lastString === key) arrayDepth = depth;
      if (char === '[' && depth === arrayDepth) expectingElement = true;
    } else if (char === ']' || char === '}') {
      if (depth === arrayDepth && char === ']') return starts;
      depth -= 1;
    } else if (char === ',' && depth === arrayDepth) {
      expectingElement = true;
    }
  }
  return starts;
}
