/** What other features may use of analytics: the chart (its drawing library loads lazily) and the profile's section. */
export { StatsChart } from './StatsChart';
export { loadStatsChart } from './loadStatsChart';
export { ProfileAnalytics } from './ProfileAnalytics';
