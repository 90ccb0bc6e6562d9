/**
 * `array[index]`, checked: the element at a position the caller knows to be inside the array (a
 * slot of a flat layout, a position taken from the array's own length). Under
 * `noUncheckedIndexedAccess` an index read is `T | undefined`; a non-null assertion would let an
 * offset written wrong read `undefined` and turn every sum it touches into NaN without a word, so
 * this throws instead. For arrays whose elements are never `undefined` (typed arrays, dense lists).
 *
 * @example elementAt(Float64Array.of(1, 2), 1) // 2; elementAt([1, 2], 2) throws a RangeError
 */
export function elementAt<T>(array: ArrayLike<T>, index: number): T {
  const value = array[index];
  if (value === undefined)
    throw new RangeError(`elementAt: no element at ${index} of an array of ${array.length}`);
  return value;
}

/**
 * `elementAt` for a Float64Array: the same check, in a function that only ever sees one kind of
 * array, so the engine inlines it in the bootstrap's inner loops (a shared `elementAt` seeing
 * plain and typed arrays alike made the report three times slower).
 */
export function float64At(array: Float64Array, index: number): number {
  const value = array[index];
  if (value === undefined)
    throw new RangeError(`float64At: no element at ${index} of an array of ${array.length}`);
  return value;
}

/** `elementAt` for an Int32Array (inlined as `float64At` is). */
export function int32At(array: Int32Array, index: number): number {
  const value = array[index];
  if (value === undefined)
    throw new RangeError(`int32At: no element at ${index} of an array of ${array.length}`);
  return value;
}
