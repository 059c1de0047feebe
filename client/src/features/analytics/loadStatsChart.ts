/** The chart as `lazy` wants it, for pages that show it only on demand (issue 15's first-load budget). */
export const loadStatsChart = () => import('./StatsChart').then((loaded) => ({ default: loaded.StatsChart }));
