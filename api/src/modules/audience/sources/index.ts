export {
  backoffDelay,
  DEFAULT_BACKOFF,
  type AudienceSource,
  type Backoff,
  type SourceClock,
  type SourceCounters,
  type SourceOptions,
  type SourceState,
  type SourceStatus,
} from './source.js';
export { TIKFINITY_DEFAULT_URL, TikFinitySource, type TikFinityOptions } from './tikfinity.js';
export { TikTokConnectorSource, type TikTokConnectorOptions } from './connector.js';
export { fromConnector, fromTikFinity, type NormalizeResult } from './normalize.js';
