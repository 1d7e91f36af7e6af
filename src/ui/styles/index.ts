// Shared styles of the kit: layout classes for screens, and declarations the kit's own styles spread.
export * as layout from './layout.css';
