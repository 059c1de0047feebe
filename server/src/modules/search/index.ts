/**
 * What the search module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { CreatorSearchResolver } from './creators/creator-search.resolver.js';
export { searchCreators } from './creators/creator-search.service.js';
export type { CreatorSearchFilters } from './creators/creator-search.service.js';
export { TYPO_CANDIDATE_SIMILARITY, runPostgresSearch } from './engine/postgres-search-query.js';
export type { RunSql } from './engine/postgres-search-query.js';
export { PostgresSearchEngine } from './engine/postgres-search.engine.js';
export type { SearchDocumentKind, SearchHit } from './engine/search-engine.js';
export { ExploreResolver } from './explore/explore.resolver.js';
export { exploreFilter } from './explore/explore.service.js';
export type { ExploreFilters } from './explore/explore.service.js';
export { SearchCriteriaResolver } from './search-criteria.resolver.js';
export { indexSearchDocuments } from './search-index.js';
export { checkSearchEngine, startSearchModule } from './search.module.js';
export { SearchResolver } from './search.resolver.js';
export { TopSearchResolver } from './top-search.resolver.js';
export { TOP_SEARCH_PER_GROUP } from './top-search.service.js';
