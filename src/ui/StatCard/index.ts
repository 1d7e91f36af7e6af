export { StatCard, StatGrid, type StatCardProps } from './StatCard';
