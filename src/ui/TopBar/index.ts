export {
  TopBar,
  TopBarButton,
  TopBarIconButton,
  TopBarLink,
  TopBarMenuSection,
  type TopBarProps,
} from './TopBar';
