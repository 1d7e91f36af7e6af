export { TopBar, TopBarButton, TopBarLink, type TopBarProps } from './TopBar';
