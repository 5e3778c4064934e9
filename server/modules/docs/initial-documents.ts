/**
 * The help documents every console starts with (added by slug when missing, see DocService.seed):
 * how to use this console, in en-US, zh-CN and zh-TW. Keep them true to the code they describe.
 */

export interface InitialDocument {
  slug: string;
  /** the slug of the section it belongs to (listed before it) */
  parent?: string;
  sort: number;
  texts: Record<'en-US' | 'zh-CN' | 'zh-TW', { title: string; body: string }>;
}

export const INITIAL_DOCUMENTS: InitialDocument[] = [
  {
    slug: 'getting-started',
    sort: 10,
    texts: {
      'en-US': {
        title: 'Getting started',
        body: `# Getting started

This console is where you talk to AI models, keep your prompt templates and follow your credits.

## What is where

- **Console home**: your credit balance, today's AI spending and shortcuts.
- **Assistant** (left menu): the chat, my prompt templates and the prompt store.
- **Help document**: these pages. Use the search box above the tree to find a word in them.

## Languages and themes

The top bar switches the language (简体中文, 繁體中文, English) and the theme. Help documents follow the
language you pick; a page not yet translated shows in English.`,
      },
      'zh-CN': {
        title: '快速入门',
        body: `# 快速入门

在这个控制台里，你可以与 AI 模型对话、管理提示词模板，并查看自己的积分。

## 功能在哪里

- **控制台首页**：积分余额、今日 AI 消费和常用入口。
- **助手**（左侧菜单）：AI 对话、我的提示词模板和提示词商店。
- **帮助文档**：也就是这些页面。用目录上方的搜索框可以查找文档中的关键词。

## 语言与主题

顶部栏可以切换语言（简体中文、繁體中文、English）和主题。帮助文档跟随你选择的语言；尚未翻译的页面以英文显示。`,
      },
      'zh-TW': {
        title: '快速入門',
        body: `# 快速入門

在這個控制台裡，你可以與 AI 模型對話、管理提示詞範本，並查看自己的積分。

## 功能在哪裡

- **控制台首頁**：積分餘額、今日 AI 消費和常用入口。
- **助手**（左側選單）：AI 對話、我的提示詞範本和提示詞商店。
- **說明文件**：也就是這些頁面。用目錄上方的搜尋框可以查找文件中的關鍵字。

## 語言與主題

頂部欄可以切換語言（简体中文、繁體中文、English）和主題。說明文件跟隨你選擇的語言；尚未翻譯的頁面以英文顯示。`,
      },
    },
  },
  {
    slug: 'sign-in',
    parent: 'getting-started',
    sort: 10,
    texts: {
      'en-US': {
        title: 'Signing in',
        body: `# Signing in

Every page except sign-in, registration and password recovery needs you to be signed in. If you open a
page while signed out, the console takes you to the sign-in page and brings you back to that page afterwards.

## Username and password

Type your **username, email address or mobile number** and your password. After three wrong passwords
the form also asks for an image code; too many wrong passwords lock the account for a while.

## SMS code

Where the site offers it, enter your mobile number, ask for a code and type the six digits you receive.
A code can be asked for once a minute and is valid for a short time. A number without an account gets one
when the site allows registration.

## Email

You can register with an email address (a code is mailed to you) and recover a forgotten password by email.
Once registered, sign in with the email address and your password.

## Weixin

Where the site has a weixin app configured, **weixin** shows a QR code: scan it with weixin and confirm.
Otherwise the button is shown disabled.

## How long you stay signed in

- Your access token lasts **2 hours** by default (the site may set another time).
- The console renews it by itself with your refresh token, which lasts **30 days**. While you use the
  console at least once a month you stay signed in.
- When the refresh token has expired or was revoked (you signed out, changed your password, or an admin
  disabled the account), you are sent to the sign-in page and return to where you were afterwards.
- **Sign out** (top right menu) ends the session on this browser.`,
      },
      'zh-CN': {
        title: '登录',
        body: `# 登录

除登录、注册和找回密码页面外，所有页面都需要先登录。未登录时打开页面，控制台会先带你到登录页，登录后再回到原来的页面。

## 用户名和密码

输入**用户名、邮箱或手机号**以及密码。连续三次密码错误后，表单会要求输入图形验证码；错误次数过多时账号会被暂时锁定。

## 短信验证码

如果站点开启了短信登录，输入手机号，获取验证码，再输入收到的六位数字即可。每分钟只能获取一次验证码，验证码在短时间内有效。站点允许注册时，没有账号的手机号会自动注册。

## 邮箱

可以用邮箱注册（验证码会发送到邮箱），也可以通过邮箱找回密码。注册后，用邮箱和密码登录。

## 微信

站点配置了微信应用时，点击**微信**会显示二维码：用微信扫码并确认即可。未配置时按钮显示为不可用。

## 登录状态能保持多久

- 访问令牌默认有效 **2 小时**（站点可以设置其他时长）。
- 控制台会用刷新令牌自动续期，刷新令牌有效期为 **30 天**。只要每月至少使用一次，就会一直保持登录。
- 刷新令牌过期或被撤销（你退出了登录、修改了密码，或管理员停用了账号）时，会跳转到登录页，登录后回到原来的页面。
- 右上角菜单中的**退出登录**会结束本浏览器上的会话。`,
      },
      'zh-TW': {
        title: '登入',
        body: `# 登入

除登入、註冊和找回密碼頁面外，所有頁面都需要先登入。未登入時開啟頁面，控制台會先帶你到登入頁，登入後再回到原來的頁面。

## 使用者名稱和密碼

輸入**使用者名稱、電子郵件或手機號碼**以及密碼。連續三次密碼錯誤後，表單會要求輸入圖形驗證碼；錯誤次數過多時帳號會被暫時鎖定。

## 簡訊驗證碼

如果站點開啟了簡訊登入，輸入手機號碼，取得驗證碼，再輸入收到的六位數字即可。每分鐘只能取得一次驗證碼，驗證碼在短時間內有效。站點允許註冊時，沒有帳號的手機號碼會自動註冊。

## 電子郵件

可以用電子郵件註冊（驗證碼會寄到信箱），也可以透過電子郵件找回密碼。註冊後，用電子郵件和密碼登入。

## 微信

站點設定了微信應用時，點擊**微信**會顯示 QR 碼：用微信掃碼並確認即可。未設定時按鈕顯示為不可用。

## 登入狀態能保持多久

- 存取權杖預設有效 **2 小時**（站點可以設定其他時長）。
- 控制台會用重新整理權杖自動續期，重新整理權杖有效期為 **30 天**。只要每月至少使用一次，就會一直保持登入。
- 重新整理權杖過期或被撤銷（你登出了、修改了密碼，或管理員停用了帳號）時，會跳轉到登入頁，登入後回到原來的頁面。
- 右上角選單中的**登出**會結束本瀏覽器上的工作階段。`,
      },
    },
  },
  {
    slug: 'chat',
    sort: 20,
    texts: {
      'en-US': {
        title: 'AI chat',
        body: `# AI chat

Open **Assistant → Chat**. The left column lists your conversations (new, rename, pin, delete, and a
search over titles and message text, Chinese included).

## Models

The model picker lists the models your roles may use; an admin adds them on the AI models page. Each
conversation can also have its own system prompt.

## Asking and streaming

Type your question and press Enter (Shift+Enter for a new line). The answer appears while the model
writes it. Answers show as Markdown: tables, code with a copy button, and math.

## Stop, regenerate and branches

- **Stop** ends the answer at once; you pay only for what was already written.
- **Regenerate** asks again; earlier answers are kept, and arrows like "2 / 3" switch between them.
- **Edit and resend** a question to start a new branch; the old branch stays.

## Export

Export a conversation as **Markdown** (the branch you see) or **JSON** (everything, every branch).

## What an answer costs

Under each answer you see the model, the input and output tokens, the **credits** charged, the time to
the first word and the total time. See *Credits* for how the price is worked out.`,
      },
      'zh-CN': {
        title: 'AI 对话',
        body: `# AI 对话

打开**助手 → AI 对话**。左栏列出你的会话（新建、重命名、置顶、删除，以及按标题和消息内容搜索，支持中文）。

## 模型

模型选择器列出你的角色可以使用的模型；模型由管理员在 AI 模型页面添加。每个会话还可以设置自己的系统提示词。

## 提问与流式输出

输入问题后按 Enter 发送（Shift+Enter 换行）。模型一边生成，答案一边显示。答案按 Markdown 显示：表格、带复制按钮的代码和数学公式。

## 停止、重新生成和分支

- **停止**会立即结束回答；只为已经生成的内容付费。
- **重新生成**会再回答一次；之前的回答会保留，用"2 / 3"这样的箭头切换。
- **编辑**问题后重新发送会开启一个新分支；旧分支仍然保留。

## 导出

会话可以导出为 **Markdown**（当前显示的分支）或 **JSON**（全部内容和所有分支）。

## 每次回答的费用

每条回答下方显示模型、输入和输出 token 数、扣除的**积分**、首字时间和总用时。价格如何计算见"积分"。`,
      },
      'zh-TW': {
        title: 'AI 對話',
        body: `# AI 對話

開啟**助手 → AI 對話**。左欄列出你的對話（新增、重新命名、置頂、刪除，以及依標題和訊息內容搜尋，支援中文）。

## 模型

模型選擇器列出你的角色可以使用的模型；模型由管理員在 AI 模型頁面新增。每個對話還可以設定自己的系統提示詞。

## 提問與串流輸出

輸入問題後按 Enter 送出（Shift+Enter 換行）。模型一邊生成，答案一邊顯示。答案以 Markdown 顯示：表格、附複製按鈕的程式碼和數學公式。

## 停止、重新生成和分支

- **停止**會立即結束回答；只為已經生成的內容付費。
- **重新生成**會再回答一次；之前的回答會保留，用「2 / 3」這樣的箭頭切換。
- **編輯**問題後重新送出會開啟一個新分支；舊分支仍然保留。

## 匯出

對話可以匯出為 **Markdown**（目前顯示的分支）或 **JSON**（全部內容和所有分支）。

## 每次回答的費用

每則回答下方顯示模型、輸入和輸出 token 數、扣除的**積分**、首字時間和總用時。價格如何計算見「積分」。`,
      },
    },
  },
  {
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
  },
  {
    slug: 'prompt-templates',
    sort: 40,
    texts: {
      'en-US': {
        title: 'Prompt templates',
        body: `# Prompt templates

Open **Assistant → My prompt templates** to keep prompts you use often. A template has a title, a body,
a category, tags and a default model.

## Variables

Write variables in double braces; each one becomes a field of the form next to the template:

| you write | the form shows |
|---|---|
| \`{{name}}\` | a text field |
| \`{{tone:select:formal\\|casual}}\` | a choice between *formal* and *casual* |
| \`{{length:number}}\` | a number field |
| \`{{text:textarea}}\` | a large text box |

The same name used twice is one field. Names are letters, digits and underscores (Chinese works too).

## Use in chat

Fill the form and press **Use in chat**: a chat opens with the finished prompt in its input.

## Versions

Every save is kept as a version. **Version history** lists them; view an old one and **restore** it (the restore
is saved as the newest version).

## Import and export

**Export** saves all your templates as a JSON file with their variables; **Import** adds the templates of
such a file (all of them, or none if one is invalid).

## Publishing to the prompt store

**Publish to store** (on a template) sends a copy for review; the template shows *In review*, then *In the store*
or *Rejected* with the reviewer's reason. Change it and publish again to send it back for review. In the
**Prompt store** (Assistant menu) everyone can search the published prompts, sort them by newest, most used or most
favourited, fill their variables, use them in chat, copy them to their own templates and favourite them.`,
      },
      'zh-CN': {
        title: '提示词模板',
        body: `# 提示词模板

打开**助手 → 我的提示词模板**，保存常用的提示词。模板包括标题、正文、分类、标签和默认模型。

## 变量

用双大括号书写变量；每个变量都会成为模板旁边表单中的一个字段：

| 写法 | 表单显示 |
|---|---|
| \`{{name}}\` | 文本框 |
| \`{{tone:select:formal\\|casual}}\` | 在 *formal* 和 *casual* 之间选择 |
| \`{{length:number}}\` | 数字框 |
| \`{{text:textarea}}\` | 多行文本框 |

同一个名字用两次只算一个字段。名字由字母、数字和下划线组成（也可以用中文）。

## 在对话中使用

填写表单后点击**在对话中使用**：会打开 AI 对话，输入框里就是填好的提示词。

## 版本

每次保存都会保留为一个版本。**版本**列出所有版本；可以查看旧版本并**恢复**（恢复会保存为最新版本）。

## 导入和导出

**导出**会把你所有的模板连同变量保存为 JSON 文件；**导入**会添加这种文件中的模板（全部导入；只要有一个无效就全部不导入）。

## 发布到提示词商店

在模板上点击**发布到商店**会提交一份副本等待审核；模板会显示*审核中*，之后显示*已上架*，或*已驳回*及审核人给出的原因。修改后再次发布即可重新提交审核。在**提示词商店**（助手菜单）中，所有人都可以搜索已发布的提示词，按最新、最常用或最多收藏排序，填写变量，在对话中使用，复制到自己的模板，或收藏。`,
      },
      'zh-TW': {
        title: '提示詞範本',
        body: `# 提示詞範本

開啟**助手 → 我的提示詞範本**，儲存常用的提示詞。範本包括標題、內文、分類、標籤和預設模型。

## 變數

用雙大括號書寫變數；每個變數都會成為範本旁邊表單中的一個欄位：

| 寫法 | 表單顯示 |
|---|---|
| \`{{name}}\` | 文字欄位 |
| \`{{tone:select:formal\\|casual}}\` | 在 *formal* 和 *casual* 之間選擇 |
| \`{{length:number}}\` | 數字欄位 |
| \`{{text:textarea}}\` | 多行文字方塊 |

同一個名稱用兩次只算一個欄位。名稱由字母、數字和底線組成（也可以用中文）。

## 在對話中使用

填寫表單後點擊**在對話中使用**：會開啟 AI 對話，輸入框裡就是填好的提示詞。

## 版本

每次儲存都會保留為一個版本。**版本**列出所有版本；可以查看舊版本並**還原**（還原會儲存為最新版本）。

## 匯入和匯出

**匯出**會把你所有的範本連同變數儲存為 JSON 檔案；**匯入**會新增這種檔案中的範本（全部匯入；只要有一個無效就全部不匯入）。

## 發布到提示詞商店

在範本上點擊**發布到商店**會提交一份副本等待審核；範本會顯示*審核中*，之後顯示*已上架*，或*已駁回*及審核人給出的原因。修改後再次發布即可重新提交審核。在**提示詞商店**（助手選單）中，所有人都可以搜尋已發布的提示詞，按最新、最常用或最多收藏排序，填寫變數，在對話中使用，複製到自己的範本，或收藏。`,
      },
    },
  },
  {
    slug: 'workspace',
    sort: 50,
    texts: {
      'en-US': {
        title: 'Tasks, search and audio',
        body: `# Tasks, search and audio

## Tasks

**Assistant → Todo list** keeps your tasks: a title, notes, a due date, a priority and subtasks. Press Enter to add
one; tick it when done. The tabs show today's (due today or overdue), upcoming and done tasks. Drag a task by its
handle to reorder it, or focus the handle and use Space and the arrow keys.

**Break it down** asks a model for subtasks. The proposal streams in; keep, edit or drop its lines, then add them.
Nothing is saved before you accept, and the breakdown is billed like a chat answer. The **breakdown playground**
compares the proposals of two models side by side, with their tokens and credits.

Tasks due today or overdue also show on the console home.

## Search

The search page finds your words in the help documents, the prompt store, your own prompt templates and your
conversations (Chinese included). The tabs filter by kind. **Ask AI** has a model answer from the top results,
citing them as [1], [2]... links; it is billed like a chat answer. Nothing found: nothing is asked, nothing billed.

## Audio

**Audio** records from your microphone or takes an audio file, shows its waveform and transcribes all of it or a
selected region with a speech-to-text model. Transcripts are kept with the recording and can be sent to the chat.
A speech-to-text model's price is in credits per minute of audio. **Audio device check** tests the microphone
permission, the input level and a 5-second recording.`,
      },
      'zh-CN': {
        title: '任务、搜索和音频',
        body: `# 任务、搜索和音频

## 任务

**助手 → 待办任务**保存你的任务：标题、备注、截止日期、优先级和子任务。按回车添加，完成后勾选。标签页分别显示今天（今天到期或已逾期）、即将到期和已完成的任务。拖动任务的手柄可以调整顺序，也可以聚焦手柄后用空格键和方向键。

**拆解任务**会请模型提出子任务。建议会以流式显示；你可以保留、修改或删除其中的行，然后添加。接受之前不会保存任何内容，拆解和对话回答一样计费。**任务拆解试验场**可以并排比较两个模型的建议及其令牌数和积分。

今天到期或已逾期的任务也会显示在控制台首页。

## 搜索

搜索页面会在帮助文档、提示词商店、你自己的提示词模板和你的对话中查找（支持中文）。标签页按类别筛选。**问 AI** 会让模型根据排名靠前的结果作答，并以 [1]、[2]... 链接标注来源；和对话回答一样计费。没有找到结果时不会提问，也不计费。

## 音频

**音频**页面可以用麦克风录音或上传音频文件，显示波形，并用语音转文字模型转写全部或选中的片段。转写结果随录音保存，可以发送到对话。语音转文字模型按每分钟音频的积分计价。**音频设备检测**可以检查麦克风权限、输入音量和一段 5 秒录音。`,
      },
      'zh-TW': {
        title: '任務、搜尋和音訊',
        body: `# 任務、搜尋和音訊

## 任務

**助手 → 待辦任務**儲存你的任務：標題、備註、截止日期、優先級和子任務。按 Enter 新增，完成後勾選。分頁分別顯示今天（今天到期或已逾期）、即將到期和已完成的任務。拖曳任務的把手可以調整順序，也可以聚焦把手後用空白鍵和方向鍵。

**拆解任務**會請模型提出子任務。建議會以串流顯示；你可以保留、修改或刪除其中的行，然後新增。接受之前不會儲存任何內容，拆解和對話回答一樣計費。**任務拆解試驗場**可以並排比較兩個模型的建議及其權杖數和積分。

今天到期或已逾期的任務也會顯示在控制台首頁。

## 搜尋

搜尋頁面會在說明文件、提示詞商店、你自己的提示詞範本和你的對話中查找（支援中文）。分頁按類別篩選。**問 AI** 會讓模型根據排名靠前的結果作答，並以 [1]、[2]... 連結標註來源；和對話回答一樣計費。沒有找到結果時不會提問，也不計費。

## 音訊

**音訊**頁面可以用麥克風錄音或上傳音訊檔案，顯示波形，並用語音轉文字模型轉寫全部或選取的片段。轉寫結果隨錄音儲存，可以傳送到對話。語音轉文字模型按每分鐘音訊的積分計價。**音訊裝置檢測**可以檢查麥克風權限、輸入音量和一段 5 秒錄音。`,
      },
    },
  },
];
