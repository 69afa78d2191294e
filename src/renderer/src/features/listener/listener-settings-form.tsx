import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { Controller, useForm, useWatch, type Path } from 'react-hook-form';
import { formatBytesShort } from '@shared/byte-size';
import { formatCount } from '@shared/count-format';
import {
  DEFAULT_LISTENER_SETTINGS,
  listenerSettingsInputSchema,
  type ListenerSettings,
} from '@shared/listener';
import { liveAddressReachedBy } from '@shared/live-address';
import { confirmLiveForward } from '@ui/confirm-live';
import { monoInput } from '@ui/mono-input';
import { FormNumberInput } from '@ui/form-number-input';
import { JUDGED_AS_TYPED } from '@ui/form-timing';
import { saveUnlessChangedElsewhere } from '@ui/changed-elsewhere';
import { useFollowedForm } from '@ui/use-followed-form';
import { UnsavedChanges } from '@ui/unsaved-changes';
import { BridgeError } from '@bridge/bridge-error';
import { useProfilesStore } from '@features/profiles';
import { useFailureUntilResumed } from './use-failure-until-resumed';

interface NumberFieldProps {
  name: Exclude<Path<ListenerSettings>, 'forwardTo'>;
  label: string;
  description: string;
}

const NUMBER_FIELDS: NumberFieldProps[] = [
  {
    name: 'respondStatus',
    label: 'Response status',
    description: `What the listener answers (default ${DEFAULT_LISTENER_SETTINGS.respondStatus}).`,
  },
  {
    name: 'responseDelayMs',
    label: 'Response delay (ms)',
    description: `Wait before answering (default ${formatCount(DEFAULT_LISTENER_SETTINGS.responseDelayMs)}).`,
  },
  {
    name: 'bodyLimitBytes',
    label: 'Body limit (bytes)',
    // A limit as every view says one ("1 MiB"); the box beside it holds the bytes.
    description: `Larger bodies get 413 (default ${formatBytesShort(DEFAULT_LISTENER_SETTINGS.bodyLimitBytes)}).`,
  },
  {
    name: 'clockToleranceSeconds',
    label: 'Clock tolerance (s)',
    description: `Allowed skew for exp, nbf, iat (default ${formatCount(DEFAULT_LISTENER_SETTINGS.clockToleranceSeconds)}).`,
  },
];

/** The form's fields by their labels (a save refused as changed elsewhere names them so). */
const LABELS: Readonly<Record<string, string>> = {
  ...Object.fromEntries(NUMBER_FIELDS.map((spec) => [spec.name, spec.label])),
  forwardTo: 'Forward to',
};

/**
 * How the listener answers and judges; validated by the same schema main uses. It follows the
 * stored settings as other windows save them, in the fields not edited here, and saves only the
 * fields edited here. While a stored field cannot be read (`replacesUnreadable`), Save with
 * nothing edited saves them all, as shown: the alert above says saving replaces the stored
 * value, and "nothing changed" would leave no way to accept the defaults in use.
 */
export function ListenerSettingsForm({
  settings,
  onSave,
  replacesUnreadable = false,
}: {
  settings: ListenerSettings;
  replacesUnreadable?: boolean;
  onSave: (
    patch: Partial<ListenerSettings>,
    expected: Partial<ListenerSettings> | undefined,
    confirmLive: boolean,
  ) => Promise<ListenerSettings>;
}) {
  const profiles = useProfilesStore((state) => state.profiles);
  const form = useForm<ListenerSettings>({
    resolver: zodResolver(listenerSettingsInputSchema),
    defaultValues: settings,
    ...JUDGED_AS_TYPED,
  });
  const { control, handleSubmit, formState, setError } = form;
  const followed = useFollowedForm(form, settings);
  const [failure, setFailure] = useFailureUntilResumed();
  // Each edit renders the form again (useWatch), so "Unsaved changes" follows what is typed.
  useWatch({ control });
  const edited = Object.keys(followed.changes(form.getValues()).patch).length > 0;

  const save = handleSubmit(async (values) => {
    setFailure(null);
    const changes = followed.changes(values);
    const { patch, expected } =
      Object.keys(changes.patch).length === 0 && replacesUnreadable
        ? { patch: values, expected: settings }
        : changes;
    if (Object.keys(patch).length === 0) {
      notifications.show({ message: 'Nothing changed: there is nothing to save' });
      return;
    }
    // A forward-to on a live profile's address is asked for, as main's live guard refuses it
    // unasked: every webhook received would go on to production.
    const forwardTo = patch.forwardTo ?? null;
    const live = forwardTo !== null && liveAddressReachedBy(forwardTo, profiles) !== null;
    if (live && !(await confirmLiveForward(forwardTo))) return;
    try {
      const saved = await saveUnlessChangedElsewhere({
        what: 'Listener settings',
        labels: LABELS,
        save: (checked) => onSave(patch, checked ? expected : undefined, live),
      });
      if (saved !== null) notifications.show({ color: 'green', message: 'Listener settings saved' });
    } catch (error) {
      if (error instanceof BridgeError && error.issues.length > 0) {
        for (const issue of error.issues) {
          if (issue.path in listenerSettingsInputSchema.shape) {
            setError(issue.path as keyof ListenerSettings, { message: issue.message });
          } else setFailure(`${issue.path}: ${issue.message}`);
        }
      } else setFailure(error);
    }
  });

  return (
    <Stack gap="sm" component="form" onSubmit={save} aria-label="Listener settings">
      <Group grow align="flex-start">
        {NUMBER_FIELDS.map((spec) => (
          <FormNumberInput
            key={spec.name}
            control={control}
            name={spec.name}
            label={spec.label}
            description={spec.description}
            // Below the box: descriptions of one or two lines left the four boxes out of line.
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        ))}
      </Group>
      <Controller
        control={control}
        name="forwardTo"
        render={({ field, fieldState }) => (
          <TextInput
            label="Forward to"
            description="Re-send every webhook (exact bytes, headers, query) to your endpoint; empty: no forwarding."
            placeholder="http://127.0.0.1:3000/webhooks"
            value={field.value ?? ''}
            onChange={(event) =>
              field.onChange(event.currentTarget.value.trim() === '' ? null : event.currentTarget.value)
            }
            onBlur={field.onBlur}
            error={fieldState.error?.message}
            {...monoInput}
          />
        )}
      />
      {failure !== null && <Alert color="red">{failure}</Alert>}
      <Group gap="sm">
        <Button type="submit" loading={formState.isSubmitting}>
          Save listener settings
        </Button>
        <UnsavedChanges what="the listener settings" edited={edited} />
      </Group>
    </Stack>
  );
}
