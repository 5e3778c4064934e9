/**
 * Page not found. The catch-all route renders this page, which moves the location to
 * /pages/error/404?errMsg=<the path> (spec: a page-not-found event opens it with an errMsg).
 */
import { history, useLocation } from '@umijs/max';
import { Button, Result, Typography } from 'antd';
import { useEffect } from 'react';
import { NOT_FOUND_PAGE } from '../../../config/routes';
import { withQuery } from '../../services/query-string';
import { useT } from '../../shared/i18n';
import './404.css';

export default function NotFound() {
  const t = useT();
  const { pathname, search } = useLocation();
  const elsewhere = pathname !== NOT_FOUND_PAGE;

  useEffect(() => {
    if (elsewhere) history.replace(withQuery(NOT_FOUND_PAGE, { errMsg: pathname + search }));
  }, [elsewhere, pathname, search]);

  const errMsg = elsewhere ? pathname + search : new URLSearchParams(search).get('errMsg');

  return (
    <Result
      className="console-not-found"
      status="404"
      title={t('notFound.title')}
      subTitle={
        <>
          {/* the sentence ends in a colon only when the path follows it */}
          <span>{errMsg ? t('notFound.subtitle') : t('notFound.subtitleNoPath')}</span>
          {errMsg ? (
            <Typography.Paragraph code copyable style={{ marginTop: 8, wordBreak: 'break-all' }}>
              {errMsg}
            </Typography.Paragraph>
          ) : null}
        </>
      }
      extra={
        <Button type="primary" onClick={() => history.push('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
