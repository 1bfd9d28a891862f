import { Badge, Box, Button, Checkbox, Dialog, Field, Flex, HStack, Heading, Input, List, Portal, SimpleGrid, Stack, Text, Textarea } from '@chakra-ui/react';
import { USER_TYPES, type UserType } from '@crm/contracts/identity/user.events';
import { POLICY_LIMITS, SECURITY_POLICY_KINDS, type SecurityPolicies, type SecurityPolicyKind } from '@crm/contracts/security/policy.events';
import { useState } from 'react';
import { useI18nContext } from '../../../i18n/i18n-react.tsx';
import type { TranslationFunctions } from '../../../i18n/i18n-types.ts';
import { describeApiError } from '../../api/api-error.util.ts';
import { serverMessage } from '../../api/server-message.util.ts';
import { useSession } from '../../auth/hooks/use-session.hook.ts';
import { I18nNamespaces } from '../../ui/components/i18n-namespaces.component.tsx';
import { LoadErrorAlert } from '../../ui/components/load-error-alert.component.tsx';
import { toast, toastError } from '../../ui/utils/app-toaster.util.ts';
import { useSecurityPolicies } from '../hooks/use-security-policies.hook.ts';
import { useUpdateSecurityPolicy } from '../hooks/use-update-security-policy.hook.ts';

type Kind = SecurityPolicyKind;
const CATEGORY: Record<Kind, 'authentication' | 'access'> = { password: 'authentication', session: 'authentication', mfa: 'authentication', adminIpAllowList: 'access' };

/**
 * The Security Center's Security Policies tab (issue 14; spec 02 "Security Policies: policy cards with View Rules
 * and Edit"). The four kinds of policy the server enforces, each a card; there is no free-form "Create Policy":
 * each kind exists once, starting from its defaults. Read with `security:read`, Edit with `security:manage`.
 */
export function PoliciesTab() {
  return (
    <I18nNamespaces names={['securityPolicies']}>
      <PoliciesPanel />
    </I18nNamespaces>
  );
}

function PoliciesPanel() {
  const { LL } = useI18nContext();
  const t = LL.securityPolicies;
  const canManage = useSession().data?.permissions.includes('security:manage') ?? false;
  const query = useSecurityPolicies();
  const [viewing, setViewing] = useState<Kind | null>(null);
  const [editing, setEditing] = useState<Kind | null>(null);

  if (query.isError) return <LoadErrorAlert title={t.loadFailed()} onRetry={() => void query.refetch()} testId="policies-error" />;
  const data = query.data;
  if (!data) return <Text color="fg.muted">{LL.common.loading()}</Text>;

  return (
    <Stack gap={4} data-testid="policies-tab">
      <Stack gap={1}>
        <Heading as="h3" size="md">
          {t.title()}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t.intro()}
        </Text>
        {canManage ? null : (
          <Text color="fg.muted" fontSize="sm" data-testid="policies-read-only">
            {t.readOnly()}
          </Text>
        )}
      </Stack>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
        {SECURITY_POLICY_KINDS.map((kind) => (
          <PolicyCard
            key={kind}
            kind={kind}
            policies={data.policies}
            change={data.changes[kind]}
            canManage={canManage}
            onView={() => setViewing(kind)}
            onEdit={() => setEditing(kind)}
          />
        ))}
      </SimpleGrid>
      {viewing ? <RulesDialog kind={viewing} policies={data.policies} change={data.changes[viewing]} onClose={() => setViewing(null)} /> : null}
      {editing ? <EditDialog kind={editing} policies={data.policies} yourIp={data.yourIp} onClose={() => setEditing(null)} /> : null}
    </Stack>
  );
}

function rulesOf(kind: Kind, p: SecurityPolicies, LL: TranslationFunctions): string[] {
  const r = LL.securityPolicies.rule;
  switch (kind) {
    case 'password':
      return [r.minLength({ count: p.password.minLength }), p.password.refuseCommon ? r.refuseCommon() : r.allowCommon(), r.noComposition()];
    case 'session':
      return [r.idle({ count: p.session.idleMinutes }), r.absolute({ hours: String(p.session.absoluteHours) })];
    case 'mfa':
      return [p.mfa.requiredRoles.length ? r.mfaRoles({ roles: p.mfa.requiredRoles.map((role) => LL.admin.roles[role]()).join(', ') }) : r.mfaNone()];
    case 'adminIpAllowList':
      return p.adminIpAllowList.enabled ? [r.allowListOn({ count: p.adminIpAllowList.entries.length }), ...p.adminIpAllowList.entries] : [r.allowListOff()];
  }
}

/** Whether the policy does anything (MFA required for nobody and an allow list that is off do not). */
const active = (kind: Kind, p: SecurityPolicies) => (kind === 'mfa' ? p.mfa.requiredRoles.length > 0 : kind === 'adminIpAllowList' ? p.adminIpAllowList.enabled : true);

function changedText(change: { at: string } | null, LL: TranslationFunctions, locale: string) {
  if (!change) return LL.securityPolicies.notChanged();
  const when = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(change.at));
  return LL.securityPolicies.changed({ when });
}

function PolicyCard(props: { kind: Kind; policies: SecurityPolicies; change: { at: string } | null; canManage: boolean; onView(): void; onEdit(): void }) {
  const { kind, policies, change } = props;
  const { LL, locale } = useI18nContext();
  const t = LL.securityPolicies;
  const on = active(kind, policies);
  const rules = rulesOf(kind, policies, LL);
  return (
    <Box as="section" aria-labelledby={`policy-${kind}-title`} bg="bg" borderWidth="1px" borderColor="border.muted" rounded="lg" p={4} data-testid={`policy-card-${kind}`}>
      <Stack gap={3} h="full">
        <Flex justify="space-between" gap={2} align="flex-start" wrap="wrap">
          <Heading as="h4" size="sm" id={`policy-${kind}-title`}>
            {t.kinds[kind].name()}
          </Heading>
          <HStack gap={2}>
            <Badge colorPalette="gray" variant="subtle">
              {t.category[CATEGORY[kind]]()}
            </Badge>
            <Badge colorPalette={on ? 'green' : 'gray'} variant="solid" data-testid={`policy-status-${kind}`}>
              {on ? t.status.enforced() : t.status.off()}
            </Badge>
          </HStack>
        </Flex>
        <Text fontSize="sm" color="fg.muted">
          {t.kinds[kind].description()}
        </Text>
        <List.Root fontSize="sm" ps={5} gap={1} data-testid={`policy-rules-${kind}`}>
          {rules.slice(0, 3).map((rule) => (
            <List.Item key={rule}>
              <bdi>{rule}</bdi>
            </List.Item>
          ))}
        </List.Root>
        <Text fontSize="xs" color="fg.muted" mt="auto">
          {change ? changedText(change, LL, locale) : t.status.defaults()}
        </Text>
        <HStack gap={2}>
          <Button size="sm" variant="outline" onClick={props.onView} data-testid={`policy-view-${kind}`}>
            {t.viewRules()}
          </Button>
          {props.canManage ? (
            <Button size="sm" colorPalette="blue" onClick={props.onEdit} data-testid={`policy-edit-${kind}`}>
              {t.edit()}
            </Button>
          ) : null}
        </HStack>
      </Stack>
    </Box>
  );
}

function PolicyDialog(props: { title: string; testId: string; onClose(): void; children: React.ReactNode; footer: React.ReactNode; onSubmit?: () => void }) {
  const body = (
    <>
      <Dialog.Header>
        <Dialog.Title>{props.title}</Dialog.Title>
      </Dialog.Header>
      <Dialog.Body>{props.children}</Dialog.Body>
      <Dialog.Footer>{props.footer}</Dialog.Footer>
    </>
  );
  return (
    <Dialog.Root open onOpenChange={(d) => (d.open ? undefined : props.onClose())} placement="center" scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={props.testId} mx={3}>
            {props.onSubmit ? (
              <form
                noValidate
                onSubmit={(event) => {
                  event.preventDefault();
                  props.onSubmit?.();
                }}
              >
                {body}
              </form>
            ) : (
              body
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

function RulesDialog({ kind, policies, change, onClose }: { kind: Kind; policies: SecurityPolicies; change: { at: string } | null; onClose(): void }) {
  const { LL, locale } = useI18nContext();
  const t = LL.securityPolicies;
  return (
    <PolicyDialog
      title={t.kinds[kind].name()}
      testId="policy-rules-dialog"
      onClose={onClose}
      footer={
        <Button variant="outline" onClick={onClose}>
          {t.close()}
        </Button>
      }
    >
      <Stack gap={4}>
        <Text fontSize="sm" color="fg.muted">
          {t.kinds[kind].description()}
        </Text>
        <Stack gap={1}>
          <Heading as="h5" size="xs">
            {t.rules()}
          </Heading>
          <List.Root fontSize="sm" ps={5} gap={1}>
            {rulesOf(kind, policies, LL).map((rule) => (
              <List.Item key={rule}>
                <bdi>{rule}</bdi>
              </List.Item>
            ))}
          </List.Root>
        </Stack>
        <Stack gap={1}>
          <Heading as="h5" size="xs">
            {t.enforcedAt()}
          </Heading>
          <Text fontSize="sm">{t.kinds[kind].enforcedAt()}</Text>
        </Stack>
        <Text fontSize="xs" color="fg.muted">
          {changedText(change, LL, locale)}
        </Text>
      </Stack>
    </PolicyDialog>
  );
}

interface Draft {
  minLength: string;
  refuseCommon: boolean;
  idleMinutes: string;
  absoluteHours: string;
  requiredRoles: UserType[];
  enabled: boolean;
  entries: string;
}

const draftOf = (p: SecurityPolicies): Draft => ({
  minLength: String(p.password.minLength),
  refuseCommon: p.password.refuseCommon,
  idleMinutes: String(p.session.idleMinutes),
  absoluteHours: String(p.session.absoluteHours),
  requiredRoles: [...p.mfa.requiredRoles],
  enabled: p.adminIpAllowList.enabled,
  entries: p.adminIpAllowList.entries.join('\n'),
});

const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

function valueOf(kind: Kind, d: Draft): SecurityPolicies[Kind] {
  switch (kind) {
    case 'password':
      return { minLength: number(d.minLength), refuseCommon: d.refuseCommon };
    case 'session':
      return { idleMinutes: number(d.idleMinutes), absoluteHours: number(d.absoluteHours) };
    case 'mfa':
      return { requiredRoles: d.requiredRoles };
    case 'adminIpAllowList':
      return {
        enabled: d.enabled,
        entries: d.entries
          .split(/[\s,]+/)
          .map((e) => e.trim())
          .filter(Boolean),
      };
  }
}

/** The first field of a refusal's field errors, by its top-level name (`entries.2` → `entries`). */
const fieldsOf = (errors: Record<string, string[]>) => new Set(Object.keys(errors).map((k) => k.split('.')[0]!));

function EditDialog({ kind, policies, yourIp, onClose }: { kind: Kind; policies: SecurityPolicies; yourIp: string | null; onClose(): void }) {
  const { LL } = useI18nContext();
  const t = LL.securityPolicies;
  const f = t.fields;
  const [draft, setDraft] = useState<Draft>(() => draftOf(policies));
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [refusal, setRefusal] = useState<string | null>(null);
  const { save, saving } = useUpdateSecurityPolicy();
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const L = POLICY_LIMITS;

  const submit = async () => {
    setInvalid(new Set());
    setRefusal(null);
    try {
      await save(kind, valueOf(kind, draft));
      toast({ type: 'success', title: t.toasts.saved(), description: t.toasts.savedText({ name: t.kinds[kind].name() }) });
      onClose();
    } catch (caught) {
      const failure = describeApiError(caught);
      if (failure.kind === 'server' && Object.keys(failure.fieldErrors).length > 0) setInvalid(fieldsOf(failure.fieldErrors));
      else if (failure.kind === 'server') setRefusal(serverMessage(failure, LL) ?? t.toasts.failed());
      else toastError(LL, t.toasts.failed());
    }
  };

  const error = (field: string) => (invalid.has(field) ? <Field.ErrorText data-testid={`policy-error-${field}`}>{f.invalid()}</Field.ErrorText> : null);
  /** A required number with its range (whole numbers unless a step is given), its hint and its error. */
  const numberField = (name: 'minLength' | 'idleMinutes' | 'absoluteHours', label: string, limits: { min: number; max: number }, hint: string, step?: number) => (
    <Field.Root required invalid={invalid.has(name)}>
      <Field.Label>{label}</Field.Label>
      <Input
        name={name}
        type="number"
        inputMode={step ? 'decimal' : 'numeric'}
        step={step}
        dir="ltr"
        min={limits.min}
        max={limits.max}
        value={draft[name]}
        onChange={(e) => set(name, e.currentTarget.value)}
      />
      <Field.HelperText>{hint}</Field.HelperText>
      {error(name)}
    </Field.Root>
  );

  return (
    <PolicyDialog
      title={`${t.edit()}: ${t.kinds[kind].name()}`}
      testId="policy-edit-dialog"
      onClose={onClose}
      onSubmit={() => void submit()}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            {t.cancel()}
          </Button>
          <Button type="submit" colorPalette="blue" loading={saving} data-testid="policy-save">
            {t.save()}
          </Button>
        </>
      }
    >
      <Stack gap={4}>
        <Text fontSize="sm" color="fg.muted">
          {t.kinds[kind].description()}
        </Text>
        {kind === 'password' ? (
          <>
            {numberField('minLength', f.minLength(), L.passwordMinLength, f.minLengthHint({ min: L.passwordMinLength.min, max: L.passwordMinLength.max }))}
            <Checkbox.Root checked={draft.refuseCommon} onCheckedChange={(e) => set('refuseCommon', e.checked === true)} data-testid="policy-refuse-common">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{f.refuseCommon()}</Checkbox.Label>
            </Checkbox.Root>
          </>
        ) : null}
        {kind === 'session' ? (
          <>
            {numberField('idleMinutes', f.idleMinutes(), L.idleMinutes, f.idleHint({ min: L.idleMinutes.min, max: L.idleMinutes.max }))}
            {numberField('absoluteHours', f.absoluteHours(), L.absoluteHours, f.absoluteHint({ min: String(L.absoluteHours.min), max: String(L.absoluteHours.max) }), 0.1)}
          </>
        ) : null}
        {kind === 'mfa' ? (
          <Field.Root invalid={invalid.has('requiredRoles')}>
            <Field.Label>{f.roles()}</Field.Label>
            <Stack gap={2}>
              {USER_TYPES.map((role) => (
                <Checkbox.Root
                  key={role}
                  checked={draft.requiredRoles.includes(role)}
                  onCheckedChange={(e) => set('requiredRoles', e.checked === true ? [...draft.requiredRoles, role] : draft.requiredRoles.filter((r) => r !== role))}
                  data-testid={`policy-mfa-role-${role}`}
                >
                  <Checkbox.HiddenInput />
                  <Checkbox.Control />
                  <Checkbox.Label>{LL.admin.roles[role]()}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </Stack>
            {error('requiredRoles')}
          </Field.Root>
        ) : null}
        {kind === 'adminIpAllowList' ? (
          <>
            <Checkbox.Root checked={draft.enabled} onCheckedChange={(e) => set('enabled', e.checked === true)} data-testid="policy-allow-list-enabled">
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{f.enabled()}</Checkbox.Label>
            </Checkbox.Root>
            <Field.Root invalid={invalid.has('entries')}>
              <Field.Label>{f.entries()}</Field.Label>
              <Textarea name="entries" dir="ltr" rows={5} fontFamily="mono" value={draft.entries} onChange={(e) => set('entries', e.currentTarget.value)} />
              <Field.HelperText>{f.entriesHint()}</Field.HelperText>
              {error('entries')}
            </Field.Root>
            {yourIp ? (
              <HStack gap={3} wrap="wrap">
                <Text fontSize="sm" data-testid="policy-your-ip">
                  {f.yourIp({ ip: '' })}
                  <bdi dir="ltr">{yourIp}</bdi>
                </Text>
                <Button
                  size="xs"
                  variant="outline"
                  onClick={() => set('entries', [draft.entries.trim(), yourIp].filter(Boolean).join('\n'))}
                  data-testid="policy-add-your-ip"
                >
                  {f.addYourIp()}
                </Button>
              </HStack>
            ) : null}
          </>
        ) : null}
        {refusal ? (
          <Text color="fg.error" fontSize="sm" role="alert" data-testid="policy-refusal">
            {refusal}
          </Text>
        ) : null}
      </Stack>
    </PolicyDialog>
  );
}
