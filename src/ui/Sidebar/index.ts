export { Sidebar, SidebarGroup, SidebarLink, type SidebarLinkProps, type SidebarProps } from './Sidebar';
