import {
  Button as AriaButton,
  Text,
  UNSTABLE_Toast as AriaToast,
  UNSTABLE_ToastContent as AriaToastContent,
  UNSTABLE_ToastRegion as AriaToastRegion,
} from 'react-aria-components';
import type { AppToastQueue } from './toast-queue';
import { Icon } from '../Icon';
import * as styles from './Toast.css';

/**
 * The landmark where toasts appear. react-aria announces each toast, lets F6 reach the region,
 * and pauses the timers while the region is hovered or focused.
 */
export function ToastRegion({ queue }: { queue: AppToastQueue }) {
  return (
    <AriaToastRegion queue={queue} className={styles.region}>
      {({ toast }) => (
        <AriaToast toast={toast} className={styles.toast} data-type={toast.content.type}>
          <AriaToastContent className={styles.content}>
            <Text slot="title" className={styles.title}>
              {toast.content.title}
            </Text>
            {toast.content.description && (
              <Text slot="description" className={styles.description}>
                {toast.content.description}
              </Text>
            )}
          </AriaToastContent>
          {toast.content.action && (
            <AriaButton
              className={styles.action}
              onPress={() => {
                toast.content.action?.onAction();
                queue.close(toast.key);
              }}
            >
              {toast.content.action.label}
            </AriaButton>
          )}
          <AriaButton slot="close" aria-label="Close" className={styles.close}>
            <Icon name="close" />
          </AriaButton>
        </AriaToast>
      )}
    </AriaToastRegion>
  );
}
