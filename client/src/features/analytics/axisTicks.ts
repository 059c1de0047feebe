import { formatCount } from '@domain/format';

/** About how many parts a chart's value axis is cut into. */
export const AXIS_PARTS = 4;

export interface AxisTicks {
  /** Where the axis starts and ends: the first and last tick. */
  min: number;
  max: number;
  ticks: number[];
}

/** The smallest of 1, 2 or 5 times a power of ten that is at least `raw`, and never below 1: counts are whole. */
function niceStepAtLeast(raw: number): number {
  if (!(raw > 1)) return 1;
  let power = 10 ** Math.floor(Math.log10(raw));
  // log10 may land a hair off for exact powers of ten; put the power back in [raw / 10, raw].
  if (power * 10 <= raw) power *= 10;
  if (power > raw) power /= 10;
  for (const factor of [1, 2, 5]) if (factor * power >= raw) return factor * power;
  return 10 * power;
}

/**
 * The ticks of a chart's value axis for counts (views, likes, posts): round steps of 1, 2 or 5
 * times a power of ten, never fractional; from 0 (or the lowest value, if below) to the first tick
 * at or above the highest value, and 0..1 when every value is zero. Each tick reads differently once
 * written as the product writes counts (1.5k, 2m): a step whose labels would repeat is widened.
 */
export function axisTicks(values: readonly number[], parts = AXIS_PARTS): AxisTicks {
  const finite = values.filter(Number.isFinite);
  const low = Math.min(0, ...finite);
  const high = Math.max(low + 1, ...finite);
  for (let step = niceStepAtLeast((high - low) / parts); ; step = niceStepAtLeast(step + 1)) {
    const min = Math.floor(low / step) * step;
    const max = Math.ceil(high / step) * step;
    const ticks: number[] = [];
    for (let tick = min; tick <= max; tick += step) ticks.push(tick);
    const labels = new Set(ticks.map(formatCount));
    if (labels.size === ticks.length) return { min, max, ticks };
  }
}
