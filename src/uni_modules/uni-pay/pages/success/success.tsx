/** The payment result page (uni-pay success) at the spec's path; its code lives with the payments area (src/components/pay). */
export { default } from '../../../../components/pay/pages/PayResultPage';
