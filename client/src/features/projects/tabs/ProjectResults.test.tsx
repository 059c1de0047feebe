import { ApolloProvider } from '@apollo/client/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StatsSeriesQuery } from '@gql/graphql';
import { createMemoryRouter, RouterProvider } from '@router';
import { createFakeGraphQL, projectResultsAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { NO_RESULTS_YET, ProjectResults } from './ProjectResults';

const PROJECT_ID = 'UHJvamVjdDox';
const DAYS = ['2026-11-22T00:00:00.000Z', '2026-11-23T00:00:00.000Z'];

const SERIES: StatsSeriesQuery = {
  __typename: 'Query',
  statsSeries: {
    __typename: 'StatsSeries',
    metric: 'VIEWS',
    interval: 'DAY',
    from: DAYS[0]!,
    to: '2026-11-24T00:00:00.000Z',
    total: 12_400,
    change: 2_400,
    source: 'TikTok',
    readAt: '2026-11-23T12:00:00.000Z',
    points: [
      { __typename: 'StatsPoint', start: DAYS[0]!, value: 10_000 },
      { __typename: 'StatsPoint', start: DAYS[1]!, value: 12_400 },
    ],
  },
};

function renderResults(answers: FakeAnswers) {
  const fake = createFakeGraphQL(answers);
  const router = createMemoryRouter([{ path: '/projects/:address', Component: () => <ProjectResults projectId={PROJECT_ID} /> }], { initialEntries: ['/projects/abcdefghij~spring'] });
  render(
    <ApolloProvider client={fake.client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  return fake;
}

describe('a project’s results on its overview', () => {
  it('says results come once a deliverable is published, without loading the chart or asking for a series', async () => {
    const fake = renderResults({});
    const region = within(screen.getByRole('region', { name: 'Results' }));
    expect(await region.findByText(NO_RESULTS_YET)).toBeTruthy();
    expect(region.queryByTestId('project-results-totals')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Results over time' })).toBeNull();
    expect(fake.requests).toEqual(['ProjectOverviewResults']);
  });

  it('shows the published posts’ totals and their numbers over time, with the project as the chart’s subject', async () => {
    const asked: unknown[] = [];
    const fake = renderResults({
      ProjectOverviewResults: (variables) => {
        expect(variables).toEqual({ id: PROJECT_ID });
        return projectResultsAnswer(PROJECT_ID, { publishedPosts: 3, views: 12_400, likes: 870 });
      },
      StatsSeries: (variables) => {
        asked.push(variables);
        return SERIES;
      },
    });
    const totals = within(await screen.findByTestId('project-results-totals'));
    expect(totals.getByText('Published posts').nextElementSibling?.textContent).toBe('3');
    expect(totals.getByText('Views').nextElementSibling?.textContent).toBe('12.4k');
    expect(totals.getByText('Likes').nextElementSibling?.textContent).toBe('870');
    expect(screen.queryByText(NO_RESULTS_YET)).toBeNull();

    const chart = within(await screen.findByRole('region', { name: 'Results over time' }));
    expect((await chart.findByTestId('stats-total')).textContent).toMatch(/^12\.4k views/);
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ input: { subject: { projectId: PROJECT_ID }, metric: 'VIEWS', interval: 'DAY' } });
    expect(fake.requests).toEqual(['ProjectOverviewResults', 'StatsSeries']);
  });
});
