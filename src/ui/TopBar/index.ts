export { TopBar, TopBarButton, type TopBarProps } from './TopBar';
