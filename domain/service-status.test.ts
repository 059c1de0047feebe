import { describe, expect, it } from 'vitest';
import { SLOW_CHECK_MS, overallState, serviceStateOf } from './service-status.js';

describe('serviceStateOf', () => {
  it('is down when the check failed, degraded when slow or on a fallback, up otherwise', () => {
    expect(serviceStateOf({ passed: false, latencyMs: 3 })).toBe('down');
    expect(serviceStateOf({ passed: true, latencyMs: SLOW_CHECK_MS + 1 })).toBe('degraded');
    expect(serviceStateOf({ passed: true, latencyMs: 3, fallback: true })).toBe('degraded');
    expect(serviceStateOf({ passed: true, latencyMs: SLOW_CHECK_MS })).toBe('up');
  });
});

describe('overallState', () => {
  it('is the worst state of the parts', () => {
    expect(overallState(['up', 'up'])).toBe('up');
    expect(overallState(['up', 'degraded'])).toBe('degraded');
    expect(overallState(['degraded', 'down', 'up'])).toBe('down');
  });
});
