import { Button, Group, Menu, Switch, Tooltip } from '@mantine/core';
import { SplitButton } from '@ui/split-button';
import { CHECKOUT_FORM_CHOICES } from '@ui/checkout-form-choices';
import { ChoiceControl } from '@ui/choice-control';
import { IconSend, IconSparkles, IconX } from '@tabler/icons-react';
import { memo } from 'react';
import { COUNTRIES, COUNTRY_NAMES } from '@shared/checkout';
import type { ProfileView } from '@shared/profile';
import { profileColor } from '@ui/environment-style';
import { appCommandShortcutLabel } from './shortcut-label';
import { useBuilderStore } from './builder-store';
import { DraftsMenu } from './drafts-menu';
import { fillSample } from './sample-action';
import { cancelSend } from './send-checkout';
import { sendBlockedWords } from './send-blocked';
import { useSendStore } from './send-store';
import { awaitsWorkingCopyChoice, useWorkingCopyOffer } from './working-copy-offer';

export const BuilderToolbar = memo(function BuilderToolbar({
  profile,
  onSend,
}: {
  profile: ProfileView | null;
  onSend: () => void;
}) {
  const form = useBuilderStore((state) => state.form);
  const setForm = useBuilderStore((state) => state.setForm);
  const singleCheckout = useBuilderStore((state) => state.singleCheckout);
  const setSingleCheckout = useBuilderStore((state) => state.setSingleCheckout);
  const fresh = useBuilderStore((state) => state.freshReferenceOnSend);
  const setFresh = useBuilderStore((state) => state.setFreshReferenceOnSend);
  const sending = useSendStore((state) => state.requestKey !== null);
  const awaiting = useWorkingCopyOffer(awaitsWorkingCopyChoice);
  const blocked = sendBlockedWords(profile, awaiting);
  return (
    // Wraps rather than overflows: with the education form's switch the row is wider than the
    // builder at 1280 px, and Send was cut off on the right.
    <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
      <Group gap="sm" wrap="nowrap">
        <ChoiceControl
          size="xs"
          aria-label="Form"
          data={CHECKOUT_FORM_CHOICES}
          value={form}
          onChange={setForm}
        />
        {form === 'education' && (
          <Tooltip label="Disabled: payment_type and instalments become required" openDelay={300}>
            <Switch
              size="xs"
              label="Single checkout"
              checked={singleCheckout}
              onChange={(event) => setSingleCheckout(event.currentTarget.checked)}
            />
          </Tooltip>
        )}
        <DraftsMenu />
      </Group>
      <Group gap="sm" wrap="nowrap" ml="auto">
        <SplitButton
          label="Sample"
          leftSection={<IconSparkles size={14} />}
          onClick={() => void fillSample()}
          menuLabel="Sample for a country"
          variant="light"
        >
          <Menu.Label>Sample for</Menu.Label>
          {COUNTRIES.map((country) => (
            <Menu.Item key={country} onClick={() => void fillSample(country)}>
              {COUNTRY_NAMES[country]} ({country})
            </Menu.Item>
          ))}
        </SplitButton>
        <Tooltip label="Every send gets a new order_reference_id (written into the payload)" openDelay={300}>
          <Switch
            size="xs"
            label="Fresh reference"
            checked={fresh}
            onChange={(event) => setFresh(event.currentTarget.checked)}
          />
        </Tooltip>
        {sending ? (
          <Button
            size="xs"
            color="red"
            variant="light"
            leftSection={<IconX size={14} />}
            // Cancel takes Send's place: the second click of a double-click on Send lands here,
            // and cancelled the send it had just started. Only a click of its own cancels.
            onClick={(event) => {
              if (event.detail <= 1) cancelSend();
            }}
          >
            Cancel
          </Button>
        ) : (
          <Tooltip
            // Below, flush with Send's right edge: above (the default) it lay over the first-run
            // guide's own buttons ("Hide the guide", "Open the checkout page") while the mouse
            // rested on Send, the guide's next step out of reach until it moved away.
            position="bottom-end"
            label={
              blocked ??
              `Send to ${profile?.name ?? 'the active profile'} (${appCommandShortcutLabel('send')})`
            }
          >
            {/* A disabled button takes no pointer: the wrapper keeps the tooltip that says why. */}
            <span data-testid="send-button-frame">
              <Button
                size="xs"
                leftSection={<IconSend size={14} />}
                color={profile === null ? undefined : profileColor(profile)}
                disabled={blocked !== null}
                onClick={onSend}
              >
                Send{profile === null ? '' : ` to ${profile.name}`}
              </Button>
            </span>
          </Tooltip>
        )}
      </Group>
    </Group>
  );
});
