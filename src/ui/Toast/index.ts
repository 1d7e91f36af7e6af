export { ToastRegion } from './Toast';
export { ToastProvider, useToast } from './ToastProvider';
export {
  createToastQueue,
  showToast,
  type AppToastQueue,
  type ShowToastOptions,
  type ToastContent,
  type ToastType,
} from './toast-queue';
