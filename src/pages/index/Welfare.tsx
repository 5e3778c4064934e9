/**
 * The console home's welfare card: the campaigns the user may claim (credits, how often, until
 * when) with Claim, or why not now (claimed this period, not started, given out, real name
 * needed). A claim raises the balance shown (the top bar follows saveScore). Hidden when there
 * is no campaign for the user. Data: GET /api/welfare/available, POST /api/welfare/:id/claim.
 */
import { GiftOutlined } from '@ant-design/icons';
import { Link } from '@umijs/max';
import { Button, Card, Flex, Skeleton, Tag, Typography } from 'antd';
import { useRequest } from 'ahooks';
import dayjs from 'dayjs';
import { useState, type ReactNode } from 'react';
import '../../components/welfare/i18n';
import { showRequestError } from '../../services/request-layer';
import { availableWelfare, claimWelfare, type AvailableWelfare } from '../../services/welfare';
import { useDayZone } from '../../shared/day-zone';
import { noticeModal, toast } from '../../shared/feedback';
import { DATE_FORMAT } from '../../shared/format';
import { useT, type Translate } from '../../shared/i18n';
import { saveScore } from '../../shared/session';
import { SPEC } from '../../shared/spec';

const REALNAME_PAGE = '/uni_modules/uni-id-pages/pages/userinfo/realname-verify/realname-verify';

/** why a campaign cannot be claimed now, in the user's words */
function reasonText(t: Translate, w: AvailableWelfare): string {
  switch (w.reason) {
    case 'WELFARE_ALREADY_CLAIMED':
      return t(`welfare.home.claimed.${w.frequency}`);
    case 'WELFARE_NOT_ACTIVE':
      return t('welfare.home.startsAt', { time: dayjs(w.starts_at).format(DATE_FORMAT) });
    case 'WELFARE_BUDGET_EXHAUSTED':
      return t('welfare.home.exhausted');
    case 'WELFARE_NOT_ELIGIBLE':
      return t('welfare.home.realnameNeeded');
    default:
      return '';
  }
}

/** `wrap`: the home's grid cell around the card (left out with the card); `onClaimed`: the home refreshes its balance */
export default function Welfare({ onClaimed, wrap = (card) => card }: { onClaimed?: (balance: number) => void; wrap?: (card: ReactNode) => ReactNode }) {
  const t = useT();
  const zone = useDayZone();
  const { data, loading, refresh } = useRequest(() => availableWelfare({ skipErrorHandler: true }), { onError: () => undefined });
  const [busy, setBusy] = useState<string | null>(null);

  const claim = async (w: AvailableWelfare) => {
    setBusy(w.id);
    try {
      const r = await claimWelfare(w.id, { skipErrorHandler: true });
      saveScore(r.balance);
      onClaimed?.(r.balance);
      toast(t('welfare.home.done', { credits: r.credits, balance: r.balance }), 'success');
    } catch (e) {
      showRequestError(e, { t, toast, modal: noticeModal, timeoutMs: SPEC.REQUEST_TIMEOUT_MS });
    } finally {
      setBusy(null);
      refresh();
    }
  };

  if (!loading && !data?.length) return null;
  const card = (
    <Card
      title={
        <Flex gap={8}>
          <GiftOutlined />
          {t('welfare.home.title')}
        </Flex>
      }
      data-testid="welfare-card"
    >
      {loading && !data ? (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      ) : (
        <Flex vertical gap={16}>
          {data!.map((w) => (
            <Flex key={w.id} justify="space-between" align="center" gap={12} wrap="wrap" data-testid="welfare-item">
              <Flex vertical gap={2} style={{ minWidth: 0, flex: 1 }}>
                <Flex gap={8} align="center" wrap="wrap">
                  <Typography.Text strong>{w.title}</Typography.Text>
                  <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                    {t('welfare.home.credits', { credits: w.credits })}
                  </Tag>
                  <Tag style={{ marginInlineEnd: 0 }}>{t(`welfare.frequency.${w.frequency}`)}</Tag>
                </Flex>
                {w.description ? (
                  <Typography.Text type="secondary" ellipsis={{ tooltip: w.description }}>
                    {w.description}
                  </Typography.Text>
                ) : null}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('welfare.home.until', { time: dayjs(w.ends_at).format(DATE_FORMAT) })}
                </Typography.Text>
              </Flex>
              {w.claimable ? (
                <Button
                  type="primary"
                  loading={busy === w.id}
                  disabled={!!busy && busy !== w.id}
                  onClick={() => void claim(w)}
                  aria-label={`${t('welfare.home.claim')} ${w.title}`}
                >
                  {t('welfare.home.claim')}
                </Button>
              ) : w.reason === 'WELFARE_NOT_ELIGIBLE' ? (
                <Link to={REALNAME_PAGE}>{reasonText(t, w)}</Link>
              ) : (
                <Typography.Text type="secondary" data-testid="welfare-reason">
                  {reasonText(t, w)}
                </Typography.Text>
              )}
            </Flex>
          ))}
          {data!.some((w) => w.frequency !== 'once') ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="welfare-resets">
              {t('welfare.home.resets', { zone: zone.label })}
            </Typography.Text>
          ) : null}
        </Flex>
      )}
    </Card>
  );
  return <>{wrap(card)}</>;
}
