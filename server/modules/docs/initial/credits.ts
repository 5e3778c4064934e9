/** The initial help document "credits" in en-US, zh-CN and zh-TW. */
import type { InitialDocument } from './document';

export const credits: InitialDocument = {
  slug: 'credits',
  sort: 30,
  texts: {
    'en-US': {
      title: 'Credits',
      body: `# Credits

AI answers are paid in credits. A new account starts with **10000 credits**. Your balance is on the console home.

## How an answer is billed

Each model has a price in credits per million input tokens and per million output tokens.

1. Before the model is asked, the most the answer can cost is **held** from your balance. If your balance
 cannot cover it you get *insufficient credits* and nothing is sent.
2. When the answer ends, the real cost is **charged** (never more than the hold) and the rest of the hold
 is given back.
3. If you stop the answer or close the page, you pay for what was written so far; a model error before
 the first word costs nothing.

## Daily limit

Your roles may set a daily limit of AI credits. The console home shows today's spending against it;
once it is reached, new questions are refused until the next day.

## Credit history

Open **Credit history** from the balance card on the console home: every movement (starting credits,
holds, releases, charges, adjustments) with its amount, the balance after it and the reason. You can
filter it and export it.`,
    },
    'zh-CN': {
      title: '积分',
      body: `# 积分

AI 回答用积分支付。新账号初始有 **10000 积分**。余额显示在控制台首页。

## 回答如何计费

每个模型都有价格：每百万输入 token 和每百万输出 token 各多少积分。

1. 向模型提问之前，会先从余额中**冻结**这次回答最多可能花费的积分。余额不足时提示*积分不足*，问题不会发送。
2. 回答结束后，按实际费用**扣除**（不会超过冻结的数额），冻结的其余部分退回。
3. 如果你停止回答或关闭页面，只为已生成的内容付费；模型在输出第一个字之前出错则不收费。

## 每日上限

你的角色可能设置了每日 AI 积分上限。控制台首页显示今日已用和上限；达到上限后，当天不能再提问。

## 积分记录

在控制台首页的余额卡片中打开**积分记录**：每一笔变动（初始积分、冻结、扣除、退回、调整）及其金额、变动后余额和原因。可以筛选和导出。`,
    },
    'zh-TW': {
      title: '積分',
      body: `# 積分

AI 回答用積分支付。新帳號初始有 **10000 積分**。餘額顯示在控制台首頁。

## 回答如何計費

每個模型都有價格：每百萬輸入 token 和每百萬輸出 token 各多少積分。

1. 向模型提問之前，會先從餘額中**凍結**這次回答最多可能花費的積分。餘額不足時提示*積分不足*，問題不會送出。
2. 回答結束後，依實際費用**扣除**（不會超過凍結的數額），凍結的其餘部分退回。
3. 如果你停止回答或關閉頁面，只為已生成的內容付費；模型在輸出第一個字之前出錯則不收費。

## 每日上限

你的角色可能設定了每日 AI 積分上限。控制台首頁顯示今日已用和上限；達到上限後，當天不能再提問。

## 積分紀錄

在控制台首頁的餘額卡片中開啟**積分紀錄**：每一筆變動（初始積分、凍結、扣除、退回、調整）及其金額、變動後餘額和原因。可以篩選和匯出。`,
    },
  },
};
