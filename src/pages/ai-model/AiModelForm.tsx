/**
 * Add / edit an AI model: a provider preset fills protocol and base URL; the API key is write-only
 * (the stored one shows masked; empty keeps it); prices in credits per million tokens (a
 * speech-to-text model: per minute of audio, and per million output tokens); the roles that may
 * use it; and "Test connection" with the form's values as they stand.
 */
import { ApiOutlined } from '@ant-design/icons';
import {
  ProForm,
  ProFormCheckbox,
  ProFormDependency,
  ProFormDigit,
  ProFormSelect,
  ProFormSwitch,
  ProFormText,
  ProFormTextArea,
} from '@ant-design/pro-components';
import { Button, Col, Flex, Row, type FormInstance } from 'antd';
import { useState } from 'react';
import { AI_KINDS, AI_MODEL_LIMITS as L, AI_PRESETS, AI_PROTOCOLS, presetOf } from '../../../shared/ai-models';
import { RULES } from '../../../shared/permissions';
import ResourceForm, { type FormMode } from '../../components/admin/ResourceForm';
import ResourceSelect from '../../components/admin/ResourceSelect';
import { integerRule, maxText, requiredText } from '../../components/admin/rules';
import { aiModelResource, type AiModelRow, testModelValues } from '../../services/ai';
import { roleResource } from '../../services/system';
import { useT, type Translate } from '../../shared/i18n';
import './i18n';
import TestOutcome, { type Outcome } from './TestOutcome';

export const ACCESS = { create: RULES.aiModels, update: RULES.aiModels, delete: RULES.aiModels };
export const LIST_PATH = '/pages/ai-model/list';
const CUSTOM = 'custom';

interface Values extends Record<string, unknown> {
  preset?: string;
  name: string;
  kind: string;
  protocol: 'openai' | 'anthropic';
  base_url: string;
  api_key?: string;
  clear_key?: boolean;
  provider_model: string;
  context_window: number;
  max_output_tokens: number;
  input_price: number;
  output_price: number;
  enabled: boolean;
  vision: boolean;
  roles: string[];
  sort: number;
  comment?: string | null;
}

const required = (t: Translate, label: string) => ({ required: true, message: t('system.rule.required', { field: label }) });

/** the key as the server takes it: null clears, absent keeps (edit) or means none (add) */
const keyOf = (v: Values) => (v.clear_key ? null : v.api_key?.trim() || undefined);

function TestButton({ form, row }: { form: FormInstance; row?: AiModelRow }) {
  const t = useT();
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const run = async () => {
    let v: Values;
    try {
      v = (await form.validateFields(['protocol', 'base_url', 'provider_model', 'api_key'])) as Values;
    } catch {
      return;
    }
    const all = form.getFieldsValue(true) as Values;
    setTesting(true);
    setOutcome(null);
    try {
      const result = await testModelValues(
        { id: row?.id, protocol: v.protocol, base_url: v.base_url.trim(), provider_model: v.provider_model.trim(), api_key: keyOf(all) },
        { skipErrorHandler: true },
      );
      setOutcome({ ok: true, result });
    } catch (error) {
      setOutcome({ ok: false, error });
    } finally {
      setTesting(false);
    }
  };
  return (
    <Flex vertical gap={12} style={{ marginBottom: 24 }}>
      <div>
        <Button icon={<ApiOutlined />} onClick={run} loading={testing}>
          {t('ai.test.action')}
        </Button>
      </div>
      {outcome ? <TestOutcome outcome={outcome} /> : null}
    </Flex>
  );
}

export default function AiModelForm({ mode, id }: { mode: FormMode; id?: string | null }) {
  const t = useT();
  const presetOptions = [...AI_PRESETS.map((p) => ({ value: p.key, label: t(`ai.preset.${p.key}`) })), { value: CUSTOM, label: t('ai.preset.custom') }];
  const label = (field: string) => t(`ai.field.${field}`);
  return (
    <ResourceForm<typeof aiModelResource, Values>
      resource={aiModelResource}
      mode={mode}
      id={id}
      titles={{ add: 'route.aiModel.add', edit: 'route.aiModel.edit' }}
      listPath={LIST_PATH}
      access={ACCESS}
      initialValues={{
        preset: 'openai',
        protocol: 'openai',
        base_url: AI_PRESETS[0].baseUrl,
        kind: 'chat',
        context_window: 128000,
        max_output_tokens: 4096,
        input_price: 0,
        output_price: 0,
        enabled: true,
        vision: false,
        roles: [],
        sort: 0,
      }}
      toValues={(r) => ({ ...r, preset: presetOf(r.protocol, r.base_url)?.key ?? CUSTOM, api_key: '', clear_key: false, comment: r.comment ?? '' }) as Values}
      toBody={(v) => ({
        name: v.name.trim(),
        kind: v.kind,
        protocol: v.protocol,
        base_url: v.base_url.trim(),
        api_key: keyOf(v),
        provider_model: v.provider_model.trim(),
        context_window: v.context_window,
        max_output_tokens: v.max_output_tokens,
        input_price: v.input_price,
        output_price: v.output_price,
        enabled: v.enabled,
        vision: v.kind === 'chat' && !!v.vision,
        roles: v.roles ?? [],
        sort: v.sort ?? 0,
        comment: v.comment?.trim() || null,
      })}
    >
      {({ row, form }) => (
        <>
          <ProFormText
            name="name"
            label={label('name')}
            rules={requiredText(t, label('name'), L.NAME_MAX)}
            fieldProps={{ maxLength: L.NAME_MAX }}
            extra={t('ai.form.nameHint')}
          />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <ProFormSelect
                name="preset"
                label={t('ai.form.preset')}
                options={presetOptions}
                extra={t('ai.form.presetHint')}
                fieldProps={{
                  allowClear: false,
                  onChange: (key: string) => {
                    const p = AI_PRESETS.find((x) => x.key === key);
                    if (p) form.setFieldsValue({ protocol: p.protocol, base_url: p.baseUrl });
                  },
                }}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormSelect
                name="protocol"
                label={label('protocol')}
                rules={[required(t, label('protocol'))]}
                options={AI_PROTOCOLS.map((p) => ({ value: p, label: t(`ai.protocol.${p}`) }))}
                fieldProps={{ allowClear: false }}
              />
            </Col>
          </Row>
          <ProFormText
            name="base_url"
            label={label('baseUrl')}
            rules={[...requiredText(t, label('baseUrl'), L.URL_MAX), { pattern: /^https?:\/\/\S+$/i, message: t('ai.rule.url', { field: label('baseUrl') }) }]}
            fieldProps={{ maxLength: L.URL_MAX, autoComplete: 'off', spellCheck: false, onChange: () => form.setFieldsValue({ preset: CUSTOM }) }}
          />
          <ProFormText.Password
            name="api_key"
            label={label('apiKey')}
            rules={maxText(t, label('apiKey'), L.KEY_MAX)}
            extra={row?.api_key_masked ? t('ai.form.keyKeep') : t('ai.form.keyHint')}
            fieldProps={{
              maxLength: L.KEY_MAX,
              autoComplete: 'new-password',
              placeholder: row?.api_key_masked ?? t('ai.form.keyNone'),
            }}
          />
          {row?.api_key_masked ? <ProFormCheckbox name="clear_key">{t('ai.form.clearKey')}</ProFormCheckbox> : null}
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <ProFormText
                name="provider_model"
                label={label('providerModel')}
                rules={requiredText(t, label('providerModel'), L.PROVIDER_MODEL_MAX)}
                extra={t('ai.form.providerModelHint')}
                fieldProps={{ maxLength: L.PROVIDER_MODEL_MAX, autoComplete: 'off', spellCheck: false }}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormSelect
                name="kind"
                label={label('kind')}
                options={AI_KINDS.map((k) => ({ value: k, label: t(`ai.kind.${k}`) }))}
                fieldProps={{ allowClear: false }}
              />
            </Col>
          </Row>
          <TestButton form={form} row={row} />
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <ProFormDigit
                name="context_window"
                label={label('contextWindow')}
                extra={t('ai.form.tokensHint')}
                rules={[required(t, label('contextWindow')), integerRule(t, label('contextWindow'), 1, L.CONTEXT_WINDOW_MAX)]}
                fieldProps={{ precision: 0, min: 1, max: L.CONTEXT_WINDOW_MAX }}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormDependency name={['context_window']}>
                {({ context_window }) => (
                  <ProFormDigit
                    name="max_output_tokens"
                    label={label('maxOutputTokens')}
                    extra={t('ai.form.maxOutputHint')}
                    rules={[required(t, label('maxOutputTokens')), integerRule(t, label('maxOutputTokens'), 1, Number(context_window) || L.CONTEXT_WINDOW_MAX)]}
                    fieldProps={{ precision: 0, min: 1 }}
                  />
                )}
              </ProFormDependency>
            </Col>
            {/* a speech-to-text model is priced per minute of audio and per output token */}
            <ProFormDependency name={['kind']}>
              {({ kind }) => {
                const speech = kind === 'speech-to-text';
                return (
                  <>
                    <Col xs={24} md={12}>
                      <ProFormDigit
                        name="input_price"
                        label={label('inputPrice')}
                        extra={speech ? t('ai.form.speechInputPriceHint') : t('ai.form.priceHint')}
                        rules={[required(t, label('inputPrice')), integerRule(t, label('inputPrice'), 0, L.PRICE_MAX)]}
                        fieldProps={{ precision: 0, min: 0, max: L.PRICE_MAX }}
                      />
                    </Col>
                    <Col xs={24} md={12}>
                      <ProFormDigit
                        name="output_price"
                        label={label('outputPrice')}
                        extra={t(speech ? 'ai.form.speechOutputPriceHint' : kind === 'embeddings' ? 'ai.form.embeddingsOutputPriceHint' : 'ai.form.priceHint')}
                        rules={[required(t, label('outputPrice')), integerRule(t, label('outputPrice'), 0, L.PRICE_MAX)]}
                        fieldProps={{ precision: 0, min: 0, max: L.PRICE_MAX }}
                      />
                    </Col>
                  </>
                );
              }}
            </ProFormDependency>
          </Row>
          <ProForm.Item name="roles" label={label('roles')} extra={t('ai.form.rolesHint')}>
            <ResourceSelect resource={roleResource} mode="multiple" placeholder={t('ai.form.rolesEveryone')} />
          </ProForm.Item>
          <Row gutter={16}>
            <Col xs={12} md={6}>
              <ProFormSwitch name="enabled" label={label('enabled')} />
            </Col>
            <ProFormDependency name={['kind']}>
              {({ kind }) =>
                kind === 'chat' ? (
                  <Col xs={24} md={12}>
                    <ProFormSwitch name="vision" label={label('vision')} extra={t('ai.form.visionHint')} />
                  </Col>
                ) : null
              }
            </ProFormDependency>
            <Col xs={12} md={6}>
              <ProFormDigit
                name="sort"
                label={label('sort')}
                rules={[integerRule(t, label('sort'), -L.SORT_MAX, L.SORT_MAX)]}
                fieldProps={{ precision: 0, min: -L.SORT_MAX, max: L.SORT_MAX }}
              />
            </Col>
            <Col xs={24} md={12}>
              <ProFormTextArea
                name="comment"
                label={label('comment')}
                rules={maxText(t, label('comment'), L.COMMENT_MAX)}
                fieldProps={{ maxLength: L.COMMENT_MAX, rows: 1, autoSize: { minRows: 1, maxRows: 4 } }}
              />
            </Col>
          </Row>
        </>
      )}
    </ResourceForm>
  );
}
