/**
 * What the posts module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { creditsPageAsked } from './credits-ahead.js';
export { countBefore } from './import/adapters/counts.js';
export { isJsonObject, numberAt, parseJson, stringAt, valueAt } from './import/adapters/json.js';
export type { JsonObject } from './import/adapters/json.js';
export { parsePageMetadata } from './import/adapters/open-graph.js';
export type { PageMetadata } from './import/adapters/open-graph.js';
export { bulkImportNode } from './import/bulk/bulk-import.node.js';
export { loadBulkImport, startBulkImport, viewerBulkImportProgress } from './import/bulk/bulk-import.service.js';
export { BulkImport, BulkImportPostsInput, BulkImportPostsPayload } from './import/bulk/bulk-import.types.js';
export { OutboundRefused, createOutboundHttp } from './import/outbound-http.js';
export { ScrapeFailure } from './import/scraped-post.js';
export type { OutboundHttp } from './import/scraped-post.js';
export { appendPostStats } from './import/stats/post-stats-history.js';
export type { PostStatsReading } from './import/stats/post-stats-history.js';
export { STATS_REFRESH_QUEUE, refreshPostStats } from './import/stats/post-stats.refresh.js';
export { POST_IMPORT_QUEUE, createPostImportQueue } from './import/tracking/post-import.queue.js';
export { trackPostByUrl } from './import/tracking/post-import.service.js';
export type { PostImportServices, TrackPostResult } from './import/tracking/post-import.service.js';
export { recordTrackRequest } from './import/tracking/post-track-request.js';
export { copyThumbnail, preparePicture, storePicture, storePictures } from './import/tracking/thumbnail-copy.js';
export type { PreparedPicture } from './import/tracking/thumbnail-copy.js';
export { bandsOf, findNearHashes, nearHashesStatement, sqlArray, storePostHashes, toStoredHash } from './pictures/hash-index.js';
export { HASH_VARIANT_SIDES, hashGreyPixels, imageHashes } from './pictures/perceptual-hash.js';
export { Post } from './post.entity.js';
export type { ImportStatus } from './post.entity.js';
export { ImportStatusEnum, PostTypeEnum } from './post.enums.js';
export { postNode } from './post.node.js';
export { postsOnlyViewerMaySeeFilters, visiblePostSql, visiblePostsFilter } from './post.policy.js';
export { PostResolver } from './post.resolver.js';
export { postMediaRoutes, postRoutes } from './post.routes.js';
export { findVisiblePost } from './post.service.js';
export { PostConnection } from './post.types.js';
export { buildPostViewsQuery, findPostViews, postIdsSubquery, postNumbersQuery, postViewsQuery } from './post.view.js';
export type { PostView, PostViewQuery } from './post.view.js';
export { startPostsModule } from './posts.module.js';
export { STORED_WIDTH, servedThumbnailUrl, thumbnailPath } from './thumbnail-store.js';
