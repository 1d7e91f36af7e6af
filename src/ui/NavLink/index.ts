export { NavLink, NavList, type NavLinkProps } from './NavLink';
