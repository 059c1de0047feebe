/** The chart as `lazy` wants it, for pages that show it only on demand (the first-load budget of docs/product.md §Performance). */
export const loadStatsChart = () => import('./StatsChart').then((loaded) => ({ default: loaded.StatsChart }));
