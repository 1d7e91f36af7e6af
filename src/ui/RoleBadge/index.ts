export { RoleBadge, ROLE_BADGE_VARIANT } from './RoleBadge';
