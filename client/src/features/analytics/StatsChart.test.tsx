import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatsSeriesQuery } from '@gql/graphql';
import { createMemoryRouter, RouterProvider } from '@router';
import { createFakeGraphQL } from '@test/fakeGraphQL';
import { StatsChart } from './StatsChart';

type Series = StatsSeriesQuery['statsSeries'];

const DAYS = ['2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z', '2026-11-24T00:00:00.000Z'];

function series(values: number[], read: Partial<Pick<Series, 'source' | 'readAt'>> = {}): StatsSeriesQuery {
  return {
    __typename: 'Query',
    statsSeries: {
      __typename: 'StatsSeries',
      metric: 'VIEWS',
      interval: 'DAY',
      from: DAYS[0]!,
      to: '2026-11-25T00:00:00.000Z',
      total: values.at(-1) ?? 0,
      change: (values.at(-1) ?? 0) - (values[0] ?? 0),
      source: read.source ?? null,
      readAt: read.readAt ?? null,
      points: values.map((value, index) => ({ __typename: 'StatsPoint', start: DAYS[index]!, value })),
    },
  };
}

function renderChart(answer: StatsSeriesQuery) {
  const fake = createFakeGraphQL({ StatsSeries: answer });
  const router = createMemoryRouter([{ path: '/', Component: () => <StatsChart subject={{ postId: 'UG9zdDox' }} heading="Numbers over time" /> }], { initialEntries: ['/'] });
  return render(
    <ApolloProvider client={fake.client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
}

describe('the numbers-over-time chart', () => {
  it('collapses to one line when the range has no readings and nothing carried in', async () => {
    const { container } = renderChart(series([0, 0, 0]));
    const region = within(screen.getByRole('region', { name: 'Numbers over time' }));
    expect((await region.findByTestId('stats-empty')).textContent).toBe('No readings in this range yet.');
    // No chart box, no drawing, no total of nothing: the range picker stays to choose another range.
    expect(region.queryByTestId('stats-total')).toBeNull();
    expect(container.querySelector('.stats-chart, svg, [data-testid="stats-chart-canvas"]')).toBeNull();
    expect(region.getByRole('group', { name: 'Points' })).toBeTruthy();
  });

  it('draws a range with readings, zero ones included, and says where they came from', async () => {
    const { container } = renderChart(series([0, 0, 0], { source: 'TikTok', readAt: '2026-11-24T12:00:00.000Z' }));
    expect((await screen.findByTestId('stats-caption')).textContent).toMatch(/^from TikTok, read /);
    expect(screen.queryByTestId('stats-empty')).toBeNull();
    await waitFor(() => expect(container.querySelector('svg.light-chart')).not.toBeNull());
    const yLabels = Array.from(container.querySelectorAll('svg.light-chart text[text-anchor="end"]'), (text) => text.textContent);
    expect(yLabels).toEqual(['0', '1']);
  });

  it('still draws numbers carried into a range without new readings', async () => {
    const { container } = renderChart(series([5400, 5400, 5400]));
    expect((await screen.findByTestId('stats-total')).textContent).toContain('5.4k views');
    expect(screen.getByTestId('stats-caption').textContent).toBe('No readings in this range yet.');
    await waitFor(() => expect(container.querySelector('svg.light-chart')).not.toBeNull());
  });
});
