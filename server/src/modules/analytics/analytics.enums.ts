import { closedSetEnum } from '../../graphql/enums.js';
import type { StatsInterval, StatsMetric } from './analytics.service.js';

export const StatsMetricEnum = closedSetEnum<StatsMetric>('StatsMetric', { VIEWS: 'views', LIKES: 'likes', POSTS: 'posts' }, 'Which number a series follows.', {
  VIEWS: 'Views: at each point, the total the networks showed at the end of that day or week (the last reading carried forward).',
  LIKES: 'Likes: at each point, the total the networks showed at the end of that day or week (the last reading carried forward).',
  POSTS: 'Posts: how many posts were published in that day or week.',
});

export const StatsIntervalEnum = closedSetEnum<StatsInterval>('StatsInterval', { DAY: 'day', WEEK: 'week' }, 'How long each point of a series is (UTC).', {
  DAY: 'One UTC day.',
  WEEK: 'One week, Monday to Sunday (UTC).',
});
