export { TopBar, TopBarButton, TopBarLink, TopBarMenuSection, type TopBarProps } from './TopBar';
