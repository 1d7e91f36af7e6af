export { ActivityPage } from './ActivityPage';
export { ActivityFeed, type ActivityFeedProps } from './components/ActivityFeed';
