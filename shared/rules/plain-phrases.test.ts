import { describe, expect, it } from 'vitest';
import { extractFactors } from './extract.ts';
import { SHIPPED_LEXICON } from './test-lexicon.ts';

// The plain-language phrases of editions 3.2.0 and 3.3.0, each on a sentence of its own (not a labelled set's),
// and one near sentence it must not read.
function current(text: string): string[] {
  return extractFactors(text, SHIPPED_LEXICON).current;
}

describe('plain-language phrases (3.2.0)', () => {
  it('reads a promise to keep something to oneself as F4, not as sole development', () => {
    expect(current('The chemist signed a written promise to keep the recipe to herself.')).toEqual(['F4']);
    expect(current('Each engineer had agreed to keep the prototype to himself.')).toEqual(['F4']);
  });

  it('reads a pledge not to pass it on as F4, and as F12 after outsiders', () => {
    expect(current('The manager signed a pledge not to pass the price list on.')).toEqual(['F4']);
    expect(current('The distributors saw the recipe only after a pledge not to pass it on.')).toContain(
      'F12',
    );
  });

  it('reads a running start and catching up as F8', () => {
    expect(current('The stolen files gave the rival a running start of two years.')).toEqual(['F8']);
    expect(current('The rival used the drawings to catch up.')).toEqual(['F8']);
  });

  it('reads a copy the same as the original, down to the label, as F18', () => {
    expect(current('They sold a copy that was the same as the original.')).toEqual(['F18']);
    expect(current('The knock-off matched the plaintiff’s part for part.')).toEqual(['F18']);
    expect(current('The bottle was identical down to the label.')).toEqual(['F18']);
    expect(current('The brief matched the plaintiff’s argument in every detail.')).toEqual([]);
  });

  it('reads opening a product and seeing how it works as F16', () => {
    expect(current('Any buyer could open the gadget and see how it worked.')).toEqual(['F16']);
  });

  it('reads every competitor already having the information as F20', () => {
    expect(current('Every rival in the region already knew the same method.')).toEqual(['F20']);
  });
});

describe('plain-language phrases (3.3.0)', () => {
  it('reads pretending to be someone one is not, and claiming to be a buyer, as F26 (the "not" is its own)', () => {
    expect(current('The visitor got the drawings by pretending to be somebody he was not.')).toEqual(['F26']);
    expect(current('Her agent called, claiming to be a prospective licensee.')).toEqual(['F26']);
    expect(current('He bluffed his way past the front desk.')).toEqual(['F26']);
    expect(current('She got the price list by claiming to be an auditor.')).toEqual(['F26']);
  });

  it('reads general know-how and basic knowledge about customers as F11', () => {
    expect(current('The route sheets were ordinary know-how among delivery firms.')).toEqual(['F11']);
    expect(current('It was basic knowledge about clients in that town.')).toEqual(['F11']);
  });

  it('reads information pieced together or assembled from published sources as F24', () => {
    expect(current('Every dimension could be pieced together from standard catalogues.')).toEqual(['F24']);
    expect(current('The rates were assembled from published freight tables.')).toEqual(['F24']);
  });

  it('reads sending the plans to someone outside as F10', () => {
    expect(current('The owner mailed the blueprints to outside welders.')).toEqual(['F10']);
  });
});
