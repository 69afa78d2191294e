import { monoInput } from '@ui/mono-input';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import {
  DEFAULT_LISTENER_PORT,
  DEFAULT_SIGNED_TOKEN_MINUTES,
  maskSecret,
  profileFieldsSchemaAmong,
  type MaskedSecret,
  type ProfileExpected,
  type ProfileFields,
  type ProfilePatch,
  type ProfileView,
  type SecretEdit,
} from '@shared/profile';
import { BridgeError, errorMessage } from '@bridge/bridge-error';
import { saveUnlessChangedElsewhere } from '@ui/changed-elsewhere';
import { useFollowedForm } from '@ui/use-followed-form';
import { UnsavedChanges } from '@ui/unsaved-changes';
import { FormNumberInput } from '@ui/form-number-input';
import { JUDGED_AS_TYPED } from '@ui/form-timing';
import { readableText } from '@ui/readable-colors';
import { useEmulatorStore } from '@features/emulator';
import {
  editedOperationsOnly,
  SET_OPERATIONS_AS_SHOWN,
  useDamagedFields,
  withDamagedFieldsSet,
} from './damaged-form-fields';
import { EnvironmentField } from './environment-field';
import { LiveAddressWarning } from './live-address-warning';
import { ListenerPortNotice, listenerNotRunningFor, listenerStatusAfterSave } from './listener-port-notice';
import { LABELS, pathToField, pathToSecret, type SecretErrors, type SecretName } from './profile-form-paths';
import { OperationsEditor } from './operations-editor';
import { askNameRecords, sayNameRecords, useProfileNameRecordsNotice } from './profile-name-records';
import { useProfilesStore } from './profiles-store';
import { SecretField } from './secret-field';

const KEEP: SecretEdit = { action: 'keep' };

const NOT_SET: MaskedSecret = maskSecret(null);

interface ProfileFormProps {
  /** The profile being edited, or null for a new one. */
  profile: ProfileView | null;
  initialFields: ProfileFields;
  /**
   * A new profile's fields; or an edited one's changed fields (`patch`) with those as read
   * (`expected`, left out to overwrite a change made elsewhere since).
   */
  onSubmit: (
    change: { fields: ProfileFields } | { patch: ProfilePatch; expected?: ProfileExpected },
    secrets: { apiToken: SecretEdit; notificationToken: SecretEdit },
  ) => Promise<ProfileView>;
  onSaved: (profile: ProfileView) => void;
}

/** One profile's settings, validated in the form by the same zod schema main uses. */
export function ProfileForm({ profile, initialFields, onSubmit, onSaved }: ProfileFormProps) {
  // A name another profile reads as is refused as typed, as the service refuses it on save.
  const profiles = useProfilesStore((state) => state.profiles);
  const schema = useMemo(() => profileFieldsSchemaAmong(profiles, profile?.id), [profiles, profile?.id]);
  const form = useForm<ProfileFields>({
    resolver: zodResolver(schema),
    defaultValues: initialFields,
    // Save focuses (and scrolls to) the first field in error: the form is taller than a window.
    ...JUDGED_AS_TYPED,
  });
  const { control, register, handleSubmit, formState, setError } = form;
  // The emulator's address, for a profile switched to Local: where it runs now, else where it
  // is configured to (it starts on the Local profile's base URL port), else the default.
  const runningUrl = useEmulatorStore((state) => (state.status?.running === true ? state.status.url : null));
  const emulatorUrl =
    runningUrl ?? profiles.find((candidate) => candidate.environment === 'local')?.baseUrl ?? null;
  const loadEmulatorStatus = useEmulatorStore((state) => state.loadStatus);
  useEffect(() => {
    loadEmulatorStatus().catch(() => undefined);
  }, [loadEmulatorStatus]);
  // Another window or a terminal may change the stored profile meanwhile: its fields not edited
  // here show the change, edits stay as typed, and a save sends only what was edited here.
  const followed = useFollowedForm(form, initialFields);
  const [apiToken, setApiToken] = useState<SecretEdit>(KEEP);
  const [notificationToken, setNotificationToken] = useState<SecretEdit>(KEEP);
  const [formError, setFormError] = useState<string | null>(null);
  const [secretErrors, setSecretErrors] = useState<SecretErrors>({});
  // A damaged column is flagged at its field, and a save refused, until it is set here.
  const damaged = useDamagedFields(form, profile, { apiToken, notificationToken });
  const damagedFlag = damaged.flag;
  // A name a removed or renamed profile's records still carry: the Profile filter would list them
  // as this profile's. Said by the field as typed, and again at save; never refused.
  const nameRecords = useProfileNameRecordsNotice(form.watch('name'), profile);
  // Each token being set or cleared here, with the stamp of the value it replaces as it was when
  // the edit began: the token field follows pushes, so the profile shown at save time may already
  // carry a value set elsewhere meanwhile (masked like the one this edit meant to replace).
  const [tokensRead, setTokensRead] = useState<Partial<Record<SecretName, string | null>>>({});
  // Edits not saved (a typed replacement token among them) are asked about before a shortcut,
  // another view, another profile or a closed tab drops them, as an operation editor's are.
  const edited =
    Object.keys(followed.changes(form.watch()).patch).length > 0 ||
    apiToken.action !== 'keep' ||
    notificationToken.action !== 'keep';
  // A new value typed (or set, cleared, kept) leaves the refusal of the old one behind.
  const editSecret = (name: SecretName, set: (edit: SecretEdit) => void) => (edit: SecretEdit) => {
    set(edit);
    setSecretErrors(({ [name]: _dropped, ...rest }) => rest);
    setTokensRead(({ [name]: began, ...rest }) =>
      edit.action === 'keep'
        ? rest
        : { ...rest, [name]: began === undefined ? (profile?.[name].stamp ?? null) : began },
    );
  };
  const save = handleSubmit(async (fields) => {
    setFormError(null);
    setSecretErrors({});
    try {
      const secrets = { apiToken, notificationToken };
      let saved: ProfileView | null;
      let carried = 0;
      if (profile === null) {
        carried = await askNameRecords(fields.name, null);
        saved = await onSubmit({ fields }, secrets);
      } else {
        if (damaged.toSet.length > 0) {
          setFormError(damaged.toSet.map((field) => field.message).join(' '));
          return;
        }
        const changes = followed.changes(fields);
        const { expected } = changes;
        const edited = editedOperationsOnly(changes.patch, expected.operations ?? fields.operations);
        const patch = withDamagedFieldsSet(edited, fields, profile, damaged.setHere);
        if (
          Object.keys(patch).length === 0 &&
          apiToken.action === 'keep' &&
          notificationToken.action === 'keep'
        ) {
          notifications.show({ message: 'Nothing changed: there is nothing to save' });
          return;
        }
        if (patch.name !== undefined) carried = await askNameRecords(patch.name, profile.id);
        saved = await saveUnlessChangedElsewhere({
          what: `Profile "${profile.name}"`,
          labels: LABELS,
          save: (checked) =>
            onSubmit(checked ? { patch, expected: { ...expected, ...tokensRead } } : { patch }, secrets),
        });
      }
      if (saved === null) return;
      setApiToken(KEEP);
      setNotificationToken(KEEP);
      setTokensRead({});
      // Saved either way; where this console runs the profile's listener and it did not start
      // (its port already in use), the save says so, not a green success alone.
      const status = await listenerStatusAfterSave().catch(() => null);
      const notRunning = listenerNotRunningFor(status, saved.id);
      notifications.show(
        notRunning === null
          ? { color: 'green', message: `Saved profile "${saved.name}"` }
          : {
              color: 'orange',
              title: `Saved profile "${saved.name}", but its listener is not running`,
              message: notRunning,
            },
      );
      sayNameRecords(carried, saved.name);
      onSaved(saved);
    } catch (error) {
      if (error instanceof BridgeError && error.issues.length > 0) {
        for (const issue of error.issues) {
          const field = pathToField(issue.path);
          const secret = pathToSecret(issue.path);
          if (field !== null) setError(field, { message: issue.message });
          else if (secret !== null) setSecretErrors((errors) => ({ ...errors, [secret]: issue.message }));
          else setFormError(`${issue.path}: ${issue.message}`);
        }
      } else {
        setFormError(errorMessage(error));
      }
    }
  });

  const errors = formState.errors;
  return (
    <form
      onSubmit={(event) => void save(event)}
      noValidate
      aria-label={profile === null ? 'New profile' : `Edit profile ${profile.name}`}
    >
      <Stack gap="md">
        <TextInput
          label="Name"
          required
          {...register('name')}
          description={nameRecords}
          // Warning words, not a field's hint: in the colour of a warning, read with the field.
          styles={{ description: { color: readableText('orange') } }}
          error={errors.name?.message ?? damagedFlag('name')}
        />
        <EnvironmentField form={form} emulatorUrl={emulatorUrl} flag={damagedFlag('environment')} />
        <TextInput
          label="Base URL"
          description="The service address for this environment; /checkout is appended. The spec does not give one."
          required
          {...monoInput}
          {...register('baseUrl')}
          error={errors.baseUrl?.message ?? damagedFlag('baseUrl')}
        />
        <LiveAddressWarning control={control} profileId={profile?.id ?? null} />
        <Divider label="Secrets (encrypted, never shown)" labelPosition="left" />
        <SecretField
          label="API token"
          description="Bearer token for calls to the service."
          current={profile?.apiToken ?? NOT_SET}
          edit={apiToken}
          onChange={editSecret('apiToken', setApiToken)}
          error={secretErrors.apiToken ?? damagedFlag('apiToken')}
        />
        <SecretField
          label="Notification token"
          description="HS256 secret that signs webhook JWTs (serviceToken)."
          current={profile?.notificationToken ?? NOT_SET}
          edit={notificationToken}
          onChange={editSecret('notificationToken', setNotificationToken)}
          error={secretErrors.notificationToken ?? damagedFlag('notificationToken')}
        />
        <Divider label="Webhooks" labelPosition="left" />
        <Group grow align="flex-start">
          <FormNumberInput
            control={control}
            name="listenerPort"
            label="Listener port"
            flag={damagedFlag('listenerPort')}
            // A damaged port is unknown: the default held in its place is not shown as its value.
            shownEmpty={damagedFlag('listenerPort') !== null}
            description={`Local webhook listener; 0 picks a free port (default ${DEFAULT_LISTENER_PORT}).`}
          />
          <FormNumberInput
            control={control}
            name="signedTokenMinutes"
            label="Signed token lifetime (minutes)"
            flag={damagedFlag('signedTokenMinutes')}
            description={`For tokens the console signs (default ${DEFAULT_SIGNED_TOKEN_MINUTES}).`}
          />
        </Group>
        <ListenerPortNotice profileId={profile?.id ?? null} />
        <Controller
          control={control}
          name="publicListenerUrl"
          render={({ field }) => (
            <TextInput
              label="Public listener URL"
              description="Where the service can reach your listener (a tunnel). Leave empty if none."
              {...monoInput}
              value={field.value ?? ''}
              onChange={(event) =>
                field.onChange(event.currentTarget.value.trim() === '' ? null : event.currentTarget.value)
              }
              onBlur={field.onBlur}
              error={errors.publicListenerUrl?.message ?? damagedFlag('publicListenerUrl')}
            />
          )}
        />
        <TextInput
          label="Notification URL field"
          description="The request field that carries the notification URL (not shown in the spec)."
          {...monoInput}
          {...register('notificationField')}
          error={errors.notificationField?.message ?? damagedFlag('notificationField')}
        />
        <OperationsEditor control={control} errors={errors} />
        {damagedFlag('operations') !== null && (
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Text size="xs" c="red" data-testid="operations-damaged">
              {damagedFlag('operations')}
            </Text>
            <Button size="xs" variant="light" onClick={() => damaged.markSet('operations')}>
              {SET_OPERATIONS_AS_SHOWN}
            </Button>
          </Group>
        )}
        {formError !== null && (
          <Alert color="red" title="Not saved">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          {/* Said beside Save, and asked before another view, profile or a closed tab drops it. */}
          <UnsavedChanges what="the profile editor" edited={edited} />
          <Button type="submit" loading={formState.isSubmitting}>
            {profile === null ? 'Create profile' : 'Save profile'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
