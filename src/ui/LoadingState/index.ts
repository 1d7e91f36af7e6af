export { LoadingState } from './LoadingState';
