import { ListSearchField } from '../../../lib/lists/ListSearchField';
import { ACTIVITY_TARGET_TYPES, ACTIVITY_TYPES, type ActivityTargetType } from '../../../contract/dashboard';
import type { User } from '../../../contract/users';
import { ACTIVITY_ACTION_LABELS, ACTIVITY_TEXTS } from '../../../contract/ui-texts';
import { Button, DatePicker, layout, Select, type SelectOption } from '../../../ui';
import type { ActivityFilters } from '../api/keys';
import { isFiltered } from '../use-activity-filters';
import * as styles from '../ActivityPage.css';

const TEXTS = ACTIVITY_TEXTS.filters;
/** The selects' "no filter" choice: react-aria needs a key, the URL leaves the parameter out. */
const ANY = '';

const ACTION_OPTIONS: SelectOption<string>[] = [
  { id: ANY, label: TEXTS.anyAction },
  ...ACTIVITY_TYPES.map((type) => ({ id: type, label: ACTIVITY_ACTION_LABELS[type] })),
];
const TYPE_OPTIONS: SelectOption<string>[] = [
  { id: ANY, label: TEXTS.anyType },
  ...ACTIVITY_TARGET_TYPES.map((type) => ({ id: type, label: ACTIVITY_TEXTS.typeLabels[type] })),
];

/** The audit log's filters: actor, action, kind, days (from and to, both included) and the description search. */
export function ActivityFiltersBar({
  filters,
  actors,
  onChange,
}: {
  filters: ActivityFilters;
  /** The staff to pick from; undefined while they load. */
  actors: readonly User[] | undefined;
  onChange: (change: Partial<ActivityFilters>) => void;
}) {
  const actorOptions: SelectOption<string>[] = [
    { id: ANY, label: TEXTS.anyActor },
    ...(actors ?? []).map((user) => ({ id: user.uuid, label: user.name })),
  ];
  // An action from a shared link that the list does not name (a newer server's) is still offered, as itself.
  const actionOptions =
    filters.action && !ACTION_OPTIONS.some((option) => option.id === filters.action)
      ? [...ACTION_OPTIONS, { id: filters.action, label: filters.action }]
      : ACTION_OPTIONS;
  return (
    // The search on a line of its own, the five filters on the next: on a wide screen every filter keeps its
    // line, on a phone each takes the whole width.
    <div className={styles.filters} role="search" aria-label={TEXTS.label}>
      <div className={styles.search}>
        <ListSearchField
          label={TEXTS.search}
          placeholder={TEXTS.searchPlaceholder}
          value={filters.search}
          onChange={(search) => onChange({ search })}
        />
      </div>
      <div className={layout.toolbar}>
        <div className={styles.filter}>
          <Select
            label={TEXTS.actor}
            options={actorOptions}
            // Until the staff load, an actor from the URL has no option to show: the select waits empty.
            value={filters.actorId && actors ? filters.actorId : ANY}
            isDisabled={!actors && Boolean(filters.actorId)}
            onChange={(actorId) => onChange({ actorId: actorId || null })}
          />
        </div>
        <div className={styles.filter}>
          <Select
            label={TEXTS.action}
            options={actionOptions}
            value={filters.action ?? ANY}
            onChange={(action) => onChange({ action: action || null })}
          />
        </div>
        <div className={styles.filter}>
          <Select
            label={TEXTS.type}
            options={TYPE_OPTIONS}
            value={filters.type ?? ANY}
            onChange={(type) => onChange({ type: (type || null) as ActivityTargetType | null })}
          />
        </div>
        <div className={styles.dateRange}>
          <div className={styles.dateFilter}>
            <DatePicker
              label={TEXTS.from}
              value={filters.from}
              maxValue={filters.to ?? undefined}
              onChange={(_, from) => onChange({ from })}
            />
          </div>
          <div className={styles.dateFilter}>
            <DatePicker
              label={TEXTS.to}
              value={filters.to}
              minValue={filters.from ?? undefined}
              onChange={(_, to) => onChange({ to })}
            />
          </div>
        </div>
        {isFiltered(filters) && (
          <Button
            variant="ghost"
            onPress={() =>
              onChange({ actorId: null, action: null, type: null, from: null, to: null, search: '' })
            }
          >
            {TEXTS.clear}
          </Button>
        )}
      </div>
    </div>
  );
}
