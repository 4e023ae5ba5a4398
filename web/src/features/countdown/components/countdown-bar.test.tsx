import { act, render, screen, within } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CountdownBar } from './countdown-bar';

const STARTS_AT = '2026-05-18T00:00:00-04:00';
const START = Date.parse(STARTS_AT);

function shownValues() {
  const bar = screen.getByRole('region', { name: 'Conference Starts In:' });
  return within(bar)
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe('CountdownBar', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('renders zeros before any effect runs, so prerendered HTML is stable', () => {
    vi.setSystemTime(START - 5 * 86_400_000);
    const html = renderToString(<CountdownBar startsAt={STARTS_AT} />);
    expect(html).toContain('Conference Starts In:');
    expect(html).toMatch(/>0<\/span>.*>Days</);
    expect(html).not.toContain('>5<');
  });

  it('ticks every second and stops at zero once the conference has started', () => {
    vi.setSystemTime(START - (86_400 + 2 * 3_600 + 3 * 60 + 2) * 1000);
    render(<CountdownBar startsAt={STARTS_AT} />);
    expect(shownValues()).toEqual(['1Days', '02Hours', '03Minutes', '02Seconds']);

    act(() => vi.advanceTimersByTime(1000));
    expect(shownValues()).toEqual(['1Days', '02Hours', '03Minutes', '01Seconds']);

    act(() => vi.setSystemTime(START - 1000));
    act(() => vi.advanceTimersByTime(1000));
    expect(shownValues()).toEqual(['0Days', '00Hours', '00Minutes', '00Seconds']);
    // the interval is gone: nothing updates any more
    expect(vi.getTimerCount()).toBe(0);

    act(() => vi.advanceTimersByTime(60_000));
    expect(shownValues()).toEqual(['0Days', '00Hours', '00Minutes', '00Seconds']);
  });

  it('shows zeros and schedules nothing when the conference has already started', () => {
    vi.setSystemTime(START + 1000);
    render(<CountdownBar startsAt={STARTS_AT} />);
    expect(shownValues()).toEqual(['0Days', '00Hours', '00Minutes', '00Seconds']);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits with zeros until the start time is known', () => {
    vi.setSystemTime(START - 86_400_000);
    const { rerender } = render(<CountdownBar startsAt={undefined} />);
    expect(shownValues()).toEqual(['0Days', '00Hours', '00Minutes', '00Seconds']);
    rerender(<CountdownBar startsAt={STARTS_AT} />);
    expect(shownValues()).toEqual(['1Days', '00Hours', '00Minutes', '00Seconds']);
  });
});
