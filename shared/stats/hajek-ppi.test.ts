import { describe, expect, it } from 'vitest';
import { hajekPpiMean, tunedLambda, type WeightedObservation } from './hajek-ppi.ts';

const units = (gold: number[], extractor: number[], pi: number): WeightedObservation[] =>
  gold.map((y, i) => ({ gold: y, extractor: extractor[i] ?? 0, inclusionProbability: pi }));

describe('hajekPpiMean', () => {
  it('the doc comment worked example: θ̂ = 0.75, V̂ = (4/3)·2·2/64 = 0.083333', () => {
    const estimate = hajekPpiMean(units([1, 0, 1, 1], [1, 1, 1, 0], 0.5), 0.75, { lambda: 1, level: 0.95 });
    expect(estimate.value).toBeCloseTo(0.75, 12);
    expect(estimate.variance).toBeCloseTo(1 / 12, 12);
    expect(estimate.degrees_of_freedom).toBe(3);
  });

  it('with equal π = n/N and λ = 1 it is the stratified difference estimator of §6.2: (1 − n/N)·s²/n', () => {
    // Cochran-style check: N = 10, n = 3, differences −0.1, 0, −0.2 (the differenceEstimate example).
    const sample = [
      { gold: 0.8, extractor: 0.9, inclusionProbability: 0.3 },
      { gold: 0.9, extractor: 0.9, inclusionProbability: 0.3 },
      { gold: 0.8, extractor: 1.0, inclusionProbability: 0.3 },
    ];
    const estimate = hajekPpiMean(sample, 0.9, { lambda: 1, level: 0.95 });
    expect(estimate.value).toBeCloseTo(0.8, 12);
    expect(estimate.variance).toBeCloseTo(((1 - 0.3) * 0.01) / 3, 12);
  });

  it('λ = 0 is the gold-only Hájek mean, whatever the extractor says', () => {
    const estimate = hajekPpiMean(units([1, 0, 1, 1], [0, 0, 0, 0], 0.5), 0.2, { lambda: 0, level: 0.95 });
    expect(estimate.value).toBeCloseTo(0.75, 12);
  });

  it('PPI++ is never wider than gold only or λ = 1 (random samples, unequal π)', () => {
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let trial = 0; trial < 200; trial++) {
      const sample: WeightedObservation[] = Array.from({ length: 3 + (trial % 8) }, () => {
        const extractor = next() < 0.8 ? 1 : 0;
        return {
          gold: next() < 0.85 ? extractor : 1 - extractor,
          extractor,
          inclusionProbability: 0.05 + 0.9 * next(),
        };
      });
      const tuned = hajekPpiMean(sample, 0.8, { lambda: 'tuned', level: 0.95 });
      expect(tuned.variance).toBeLessThanOrEqual(
        hajekPpiMean(sample, 0.8, { lambda: 0, level: 0.95 }).variance + 1e-15,
      );
      expect(tuned.variance).toBeLessThanOrEqual(
        hajekPpiMean(sample, 0.8, { lambda: 1, level: 0.95 }).variance + 1e-15,
      );
      expect(tuned.lambda).toBeGreaterThanOrEqual(0);
      expect(tuned.lambda).toBeLessThanOrEqual(1);
    }
  });

  it('a sample without spread takes the zero-disagreement floor instead of a zero variance', () => {
    const estimate = hajekPpiMean(units([1, 1, 1], [1, 1, 1], 0.1), 1, { lambda: 1, level: 0.95 });
    expect(estimate.variance_floored).toBe(true);
    expect(estimate.variance).toBeGreaterThan(0);
  });

  it('refuses fewer than 2 units and π outside (0, 1]', () => {
    expect(() => hajekPpiMean(units([1], [1], 0.5), 1, { lambda: 1, level: 0.95 })).toThrow(RangeError);
    expect(() => hajekPpiMean(units([1, 0], [1, 0], 0), 1, { lambda: 1, level: 0.95 })).toThrow(RangeError);
  });
});

describe('tunedLambda', () => {
  // y = 1, 0, 1, 0, 1; f = 1, 0, 1, 1, 1: Σ(y − ȳ)(f − f̄) = 0.6, Σ(f − f̄)² = 0.8, λ* = 0.75.
  const y = [1, 0, 1, 0, 1];
  const f = [1, 0, 1, 1, 1];

  it('equal π: Cov(y, f)/Var(f) = 0.75', () => {
    expect(tunedLambda(units(y, f, 0.2))).toBeCloseTo(0.75, 12);
  });

  it("matches ppi_py's _calc_lam_glm for a mean as its unlabelled set grows (N → ∞)", () => {
    // ppi_py (github.com/aangelopoulos/ppi_py, ppi_py/ppi.py, _calc_lam_glm with inv_hessian = 1):
    // λ = cov_n(y, ŷ) / ((1 + n/N) · var_{ddof 1}(ŷ ∪ ŷ_unlabelled)). With ŷ_unlabelled = K copies of f
    // (N = 5K): cov_n = 0.6/5 = 0.12, var = 0.8(K + 1)/(5K + 4), λ = 0.12(5K + 4)K / (0.8(K + 1)²).
    const ppiPy = (K: number) => {
      const n = 5;
      const N = 5 * K;
      const covariance = 0.6 / n;
      const variance = (0.8 * (K + 1)) / (5 * K + 4);
      return covariance / ((1 + n / N) * variance);
    };
    expect(ppiPy(1)).toBeCloseTo(0.3375, 12);
    expect(ppiPy(1e7)).toBeCloseTo(tunedLambda(units(y, f, 0.2)), 6);
  });

  it("ppi_py's documented case (tests/test_mean.py, test_ppi_mean_pointestimate): Ŷ = Y + 2, unlabelled Ŷ all 2 → estimate 0", () => {
    // ppi_py at commit bd90caa: Y ~ N(0, 1), n = 100; Yhat = Y + 2; Yhat_unlabeled = 2 × 10000;
    // `assert ppi_mean_pointestimate(Y, Yhat, Yhat_unlabeled) == 0` with λ tuned (lam=None, clip=True).
    // ppi_py's λ = cov_n(Y, Ŷ)/((1 + n/N)·var(Ŷ ∪ Ŷ_unl)) is far above 1 here (the unlabelled Ŷ do
    // not vary) and clipped to 1, so θ̂ = mean(Ŷ_unl) + mean(Y − Ŷ) = 2 − 2 = 0. Ours: Ĉov/V̂ar = 1
    // exactly (f = y + 2), λ = 1, and with the unlabelled mean 2 as f̄ the same 0. Y fixed here.
    const Y = Array.from({ length: 100 }, (_, i) => Math.sin(i * 1.7) * 1.3);
    const sample = Y.map((y) => ({ gold: y, extractor: y + 2, inclusionProbability: 0.01 }));
    const n = 100;
    const N = 10000;
    const yBar = Y.reduce((s, y) => s + y, 0) / n;
    const covariance = Y.reduce((s, y) => s + (y - yBar) ** 2, 0) / n;
    const all = [...Y.map((y) => y + 2), ...Array.from({ length: N }, () => 2)];
    const allBar = all.reduce((s, x) => s + x, 0) / all.length;
    const variance = all.reduce((s, x) => s + (x - allBar) ** 2, 0) / (all.length - 1);
    const ppiPyLambda = Math.min(1, Math.max(0, covariance / ((1 + n / N) * variance)));
    expect(covariance / ((1 + n / N) * variance)).toBeGreaterThan(50);
    expect(ppiPyLambda).toBe(1);
    expect(tunedLambda(sample)).toBeCloseTo(1, 12);
    const estimate = hajekPpiMean(sample, 2, { lambda: 'tuned', level: 0.95 });
    expect(estimate.lambda).toBeCloseTo(1, 12);
    expect(estimate.value).toBeCloseTo(0, 12);
  });

  it('is clipped to [0, 1]: a negatively related extractor gets 0', () => {
    expect(tunedLambda(units([1, 0, 1, 1], [1, 1, 1, 0], 0.5))).toBe(0);
  });
});
